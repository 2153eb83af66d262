// Statements of the klip interactions (docs/product.md "Klip interactions API"; decision 0041) over an Executor:
// the database, or the transaction the service opened (decision 0026). Each counter changes in a single
// `update ... set n = n + k` next to the row that causes it, so concurrent writers never lose one another's counts.
import { sql } from 'kysely';
import { joinAuthor, toAuthor } from '../../db/author-columns.ts';
import { isPast, toSortKey, type KeysetPosition } from '../../db/keyset.ts';
import type { MediaVariant } from '../../media/media.schema.ts';
import type { Executor } from '../../db/transaction.ts';

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

export interface KlipCounters {
  likes: number;
  views: number;
  comments: number;
}

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
    /** The klip's counters when it is active (the only klips anyone interacts with), else undefined. */
    async findActiveKlip(klipId: string): Promise<KlipCounters | undefined> {
      const row = await db
        .selectFrom('klips')
        .select(['likes', 'views', 'comment_count'])
        .where('id', '=', klipId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row && { likes: row.likes, views: Number(row.views), comments: row.comment_count };
    },

    /**
     * The periodic sweep's step (CLEAN_UP_KLIP_VIEWS_JOB): view rows only say who was counted on a day, so once the
     * day is past KLIP_VIEWS_RETENTION_DAYS they are dead weight (klips.views keeps the count). Returns how many.
     */
    async deleteViewsBefore(day: string): Promise<number> {
      const result = await db
        .deleteFrom('klip_views')
        .where('day', '<', sql<Date>`${day}::date`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Adds the viewer's row of the day; true when it was not there yet. */
    async insertView(
      klipId: string,
      viewerKey: string,
      day: string,
      addressHash: string | null,
    ): Promise<boolean> {
      const row = await db
        .insertInto('klip_views')
        .values({ klip_id: klipId, viewer_key: viewerKey, day, address_hash: addressHash })
        .onConflict((oc) => oc.doNothing())
        .returning('klip_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * How many anonymous viewers of the klip came from the address that day, and whether viewerKey is one of
     * them; under a lock on (klip, address) held to the transaction's end, so that concurrent views from one
     * address are counted one after the other.
     */
    async anonymousViewsFrom(
      klipId: string,
      day: string,
      addressHash: string,
      viewerKey: string,
    ): Promise<{ count: number; seen: boolean }> {
      await sql`select pg_advisory_xact_lock(hashtext(${`${klipId}|${addressHash}`}))`.execute(db);
      const row = await db
        .selectFrom('klip_views')
        .select((eb) => [
          eb.fn.countAll<string>().as('count'),
          eb.fn.coalesce(eb.fn.max(sql<number>`(viewer_key = ${viewerKey})::int`), sql<number>`0`).as('seen'),
        ])
        .where('klip_id', '=', klipId)
        .where('day', '=', sql<Date>`${day}::date`)
        .where('address_hash', '=', addressHash)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), seen: Number(row.seen) === 1 };
    },

    async bumpViews(klipId: string): Promise<number> {
      const row = await db
        .updateTable('klips')
        .set({ views: sql`views + 1` })
        .where('id', '=', klipId)
        .returning('views')
        .executeTakeFirstOrThrow();
      return Number(row.views);
    },

    async isLiked(klipId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('klip_likes')
        .select('klip_id')
        .where('klip_id', '=', klipId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** true when the like was added; false when the user had liked the klip already. */
    async insertLike(klipId: string, userId: string, at: Date): Promise<boolean> {
      const row = await db
        .insertInto('klip_likes')
        .values({ klip_id: klipId, user_id: userId, created_at: at })
        .onConflict((oc) => oc.doNothing())
        .returning('klip_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteLike(klipId: string, userId: string): Promise<boolean> {
      const row = await db
        .deleteFrom('klip_likes')
        .where('klip_id', '=', klipId)
        .where('user_id', '=', userId)
        .returning('klip_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async addLikes(klipId: string, delta: number): Promise<number> {
      const row = await db
        .updateTable('klips')
        .set({ likes: sql`likes + ${delta}` })
        .where('id', '=', klipId)
        .returning('likes')
        .executeTakeFirstOrThrow();
      return row.likes;
    },

    async addComments(klipId: string, delta: number): Promise<number> {
      const row = await db
        .updateTable('klips')
        .set({ comment_count: sql`comment_count + ${delta}` })
        .where('id', '=', klipId)
        .returning('comment_count')
        .executeTakeFirstOrThrow();
      return row.comment_count;
    },

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

    /** Whether a product, klip or offer has this id: generic interactions are about one of them. */
    async hasContent(contentId: string): Promise<boolean> {
      const row = await db
        .selectFrom('products')
        .select(sql<number>`1`.as('found'))
        .where('id', '=', contentId)
        .unionAll(
          db
            .selectFrom('klips')
            .select(sql<number>`1`.as('found'))
            .where('id', '=', contentId),
        )
        .unionAll(
          db
            .selectFrom('offers')
            .select(sql<number>`1`.as('found'))
            .where('id', '=', contentId),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertInteraction(values: {
      id: string;
      contentId: string;
      type: string;
      userId: string | null;
      extras: Record<string, unknown>;
    }): Promise<void> {
      await db
        .insertInto('interactions')
        .values({
          id: values.id,
          content_id: values.contentId,
          type: values.type,
          user_id: values.userId,
          extras: JSON.stringify(values.extras),
        })
        .execute();
    },
  };
}

export type InteractionsRepository = ReturnType<typeof createInteractionsRepository>;
