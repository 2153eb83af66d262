// Statements of the klip interactions (docs/product.md "Klip interactions API"; decision 0041) over an Executor:
// the database, or the transaction the service opened (decision 0026). Comments and generic interactions here; views,
// likes and the klip's counters in klip-counters.repository.ts, which this factory includes.
import { sql } from 'kysely';
import type { Reader } from '../../../shared/domain/privacy.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import { joinAuthor, toAuthor } from '../../db/author-columns.ts';
import { isPast, toSortKey, type KeysetPosition } from '../../db/keyset.ts';
import type { MediaVariant } from '../../db/tables/media-objects.ts';
import type { Executor } from '../../db/transaction.ts';
import { createKlipCountersRepository } from './klip-counters.repository.ts';

export interface CommentRecord {
  id: string;
  klipId: string;
  userId: string;
  parentCommentId: string | null;
  content: string;
  replyCount: number;
  createdAt: Date;
  /** created_at to the microsecond, for a page's cursor. */
  createdKey: string;
  username: string;
  displayName: string;
  avatarVariants: MediaVariant[] | null;
}

export type CommentCursor = KeysetPosition;

export function createInteractionsRepository(db: Executor) {
  function selectComments() {
    return joinAuthor(db.selectFrom('klip_comments as c'), 'c.user_id').select([
      'c.id',
      'c.klip_id',
      'c.user_id',
      'c.parent_comment_id',
      'c.content',
      'c.reply_count',
      'c.created_at',
      toSortKey('c.created_at').as('created_key'),
    ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];
  const toRecord = (row: Row): CommentRecord => ({
    id: row.id,
    klipId: row.klip_id,
    userId: row.user_id,
    parentCommentId: row.parent_comment_id,
    content: row.content,
    replyCount: row.reply_count,
    createdAt: new Date(row.created_at),
    createdKey: row.created_key,
    ...toAuthor(row),
  });

  return {
    ...createKlipCountersRepository(db),

    async findComment(klipId: string, commentId: string): Promise<CommentRecord | undefined> {
      const row = await selectComments()
        .where('c.klip_id', '=', klipId)
        .where('c.id', '=', commentId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** Locks the comment's row until the transaction ends (a delete against a concurrent reply). */
    async lockComment(
      klipId: string,
      commentId: string,
    ): Promise<{ userId: string; parentCommentId: string | null } | undefined> {
      const row = await db
        .selectFrom('klip_comments')
        .select(['user_id', 'parent_comment_id'])
        .where('klip_id', '=', klipId)
        .where('id', '=', commentId)
        .forUpdate()
        .executeTakeFirst();
      return row && { userId: row.user_id, parentCommentId: row.parent_comment_id };
    },

    /** The newest top-level comment on the klip whose author is named `name` (a reply's guessed parent). */
    async findParentByAuthorName(klipId: string, name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('klip_comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select('c.id')
        .where('c.klip_id', '=', klipId)
        .where('c.parent_comment_id', 'is', null)
        .where((eb) => eb.or([eb('u.username', '=', name), eb('u.display_name', '=', name)]))
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** A parent's reply count plus one, with its row locked; false when the parent is gone. */
    async bumpReplyCount(parentId: string, delta: number): Promise<boolean> {
      const row = await db
        .updateTable('klip_comments')
        .set({ reply_count: sql`reply_count + ${delta}` })
        .where('id', '=', parentId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertComment(values: {
      id: string;
      klipId: string;
      userId: string;
      parentCommentId: string | null;
      content: string;
      createdAt: Date;
    }): Promise<void> {
      await db
        .insertInto('klip_comments')
        .values({
          id: values.id,
          klip_id: values.klipId,
          user_id: values.userId,
          parent_comment_id: values.parentCommentId,
          content: values.content,
          created_at: values.createdAt,
        })
        .execute();
    },

    /** Deletes the comment and its replies; how many rows went. */
    async deleteCommentAndReplies(commentId: string): Promise<number> {
      const rows = await db
        .deleteFrom('klip_comments')
        .where((eb) => eb.or([eb('id', '=', commentId), eb('parent_comment_id', '=', commentId)]))
        .returning('id')
        .execute();
      return rows.length;
    },

    /** One page of a klip's comments (parentId null) or of a comment's replies, keyset by (created_at, id). */
    async listComments(query: {
      klipId: string;
      parentId: string | null;
      newestFirst: boolean;
      after: CommentCursor | undefined;
      limit: number;
    }): Promise<CommentRecord[]> {
      const direction = query.newestFirst ? 'desc' : 'asc';
      let select = selectComments().where('c.klip_id', '=', query.klipId);
      select =
        query.parentId === null
          ? select.where('c.parent_comment_id', 'is', null)
          : select.where('c.parent_comment_id', '=', query.parentId);
      if (query.after) select = select.where(isPast('c', query.after, direction));
      const rows = await select
        .orderBy('c.created_at', direction)
        .orderBy('c.id', direction)
        .limit(query.limit)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Whether a product, klip or offer has this id and its owner's whoCanSeeMyContent admits the reader (decision
     * 0071): generic interactions are about one of them, and never about one hidden from the writer.
     */
    async hasContent(contentId: string, reader: Reader): Promise<boolean> {
      // Each table's row joined to its owner (as u): one comparison each, as list reads filter.
      const owned = (table: 'products' | 'klips' | 'offers') =>
        sql`select 1 from ${sql.table(table)} x join users u on u.id = x.owner_id
          where x.id = ${contentId} and ${authorContentVisibleTo(reader)}`;
      const { rows } = await sql<{ found: number }>`select 1 as found where exists (${owned('products')})
        or exists (${owned('klips')}) or exists (${owned('offers')})`.execute(db);
      return rows.length > 0;
    },

    async insertInteraction(values: {
      id: string;
      contentId: string;
      type: string;
      userId: string | null;
      extras: Record<string, unknown>;
      createdAt: Date;
    }): Promise<void> {
      await db
        .insertInto('interactions')
        .values({
          id: values.id,
          content_id: values.contentId,
          type: values.type,
          user_id: values.userId,
          extras: JSON.stringify(values.extras),
          created_at: values.createdAt,
        })
        .execute();
    },
  };
}

export type InteractionsRepository = ReturnType<typeof createInteractionsRepository>;
