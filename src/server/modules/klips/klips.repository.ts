// SQL for klips (docs/product.md "Klip"): one select with the creator, the video and the poster joined, pages
// newest first on (created_at, id) after a keyset cursor, and search over title, description and tags
// (migration 0018). Takes the database or the service's open transaction (decision 0026).
import { sql } from 'kysely';
import type { Audience, Reader } from '../../../shared/domain/privacy.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import { joinAuthor, toAuthor } from '../../db/author-columns.ts';
import { isPast, toSortKey, type KeysetPosition } from '../../db/keyset.ts';
import { toContainsPattern } from '../../db/text-search.ts';
import { buildMatchQuery, interpretQuery, type SearchQueryWords } from '../search/search-query.repository.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MediaVariant } from '../../db/tables/media-objects.ts';
import type { KlipStatus } from '../../db/tables/klips.ts';

export interface KlipRecord {
  id: string;
  ownerId: string;
  status: KlipStatus;
  failureReason: string | null;
  title: string;
  description: string;
  tags: string[];
  productId: string | null;
  videoMediaId: string | null;
  views: number;
  likes: number;
  commentCount: number;
  createdAt: Date;
  /** The cursor's timestamp: created_at in UTC to the microsecond. */
  sortKey: string;
  username: string;
  displayName: string;
  avatarVariants: MediaVariant[] | null;
  /** The owner's whoCanSeeMyContent (decision 0071). */
  contentAudience: Audience;
  videoVariants: MediaVariant[] | null;
  videoPoster: MediaVariant | null;
  videoDurationMs: number | null;
  posterVariants: MediaVariant[] | null;
}

export type KlipCursor = KeysetPosition;

export interface KlipFilter {
  status?: KlipStatus;
  ownerId?: string;
  id?: string;
  /** Any of these ids (the dashboard's top klips). */
  ids?: readonly string[];
  search?: string;
  /** Only klips whose owner's content audience admits this reader (decision 0071). */
  reader?: Reader;
}

export function createKlipsRepository(db: Executor) {
  function selectKlips() {
    return joinAuthor(db.selectFrom('klips as k'), 'k.owner_id')
      .leftJoin('media_objects as v', 'v.id', 'k.video_media_id')
      .leftJoin('media_objects as poster', 'poster.id', 'k.poster_media_id')
      .select([
        'k.id',
        'k.owner_id',
        'k.status',
        'k.failure_reason',
        'k.title',
        'k.description',
        'k.tags',
        'k.product_id',
        'k.video_media_id',
        'k.views',
        'k.likes',
        'k.comment_count',
        'k.created_at',
        toSortKey('k.created_at').as('sort_key'),
        'v.variants as video_variants',
        'v.poster as video_poster',
        'v.duration_ms as video_duration_ms',
        'poster.variants as poster_variants',
        // The owner joined as u by joinAuthor.
        sql<Audience>`u.content_audience`.as('author_content_audience'),
      ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectKlips>['execute']>>[number];

  function toRecord(row: Row): KlipRecord {
    return {
      id: row.id,
      ownerId: row.owner_id,
      status: row.status,
      failureReason: row.failure_reason,
      title: row.title,
      description: row.description,
      tags: row.tags,
      productId: row.product_id,
      videoMediaId: row.video_media_id,
      views: Number(row.views),
      likes: row.likes,
      commentCount: row.comment_count,
      createdAt: new Date(row.created_at),
      sortKey: row.sort_key,
      ...toAuthor(row),
      contentAudience: row.author_content_audience,
      videoVariants: row.video_variants ?? null,
      videoPoster: row.video_poster ?? null,
      videoDurationMs: row.video_duration_ms ?? null,
      posterVariants: row.poster_variants ?? null,
    };
  }

  function filtered(filter: KlipFilter, words: SearchQueryWords | null) {
    let query = selectKlips();
    if (filter.status) query = query.where('k.status', '=', filter.status);
    if (filter.ownerId) query = query.where('k.owner_id', '=', filter.ownerId);
    if (filter.id) query = query.where('k.id', '=', filter.id);
    if (filter.ids) query = query.where('k.id', 'in', [...filter.ids]);
    if (filter.reader) query = query.where(authorContentVisibleTo(filter.reader));
    if (filter.search) {
      const pattern = toContainsPattern(filter.search);
      query = query.where(
        words?.words.length
          ? sql<boolean>`(k.search_document @@ ${buildMatchQuery(words)} or lower(k.title) like ${pattern})`
          : sql<boolean>`lower(k.title) like ${pattern}`,
      );
    }
    return query;
  }

  return {
    async findById(id: string): Promise<KlipRecord | undefined> {
      const row = await selectKlips().where('k.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** One page newest first after the cursor; one row more than the limit tells whether there is more. */
    async list(
      filter: KlipFilter,
      page: { limit: number; cursor: KlipCursor | undefined },
    ): Promise<{ records: KlipRecord[]; hasMore: boolean }> {
      let query = filtered(filter, filter.search ? await interpretQuery(db, filter.search) : null);
      if (page.cursor) query = query.where(isPast('k', page.cursor));
      const rows = await query
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id', 'desc')
        .limit(page.limit + 1)
        .execute();
      return { records: rows.slice(0, page.limit).map(toRecord), hasMore: rows.length > page.limit };
    },

    async insert(input: {
      id: string;
      ownerId: string;
      status: KlipStatus;
      title: string;
      description: string;
      tags: string[];
      productId: string | null;
      videoMediaId: string;
      posterMediaId: string | null;
    }): Promise<void> {
      await db
        .insertInto('klips')
        .values({
          id: input.id,
          owner_id: input.ownerId,
          status: input.status,
          title: input.title,
          description: input.description,
          tags: input.tags,
          product_id: input.productId,
          video_media_id: input.videoMediaId,
          poster_media_id: input.posterMediaId,
        })
        .execute();
    },

    /** The owner's klip, locked for the rest of the transaction; undefined for anyone else's. */
    async lockOwned(
      ownerId: string,
      id: string,
    ): Promise<
      | {
          status: KlipStatus;
          title: string;
          description: string;
          tags: string[];
          videoMediaId: string | null;
          posterMediaId: string | null;
        }
      | undefined
    > {
      const row = await db
        .selectFrom('klips')
        .select(['status', 'title', 'description', 'tags', 'video_media_id', 'poster_media_id'])
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .forUpdate()
        .executeTakeFirst();
      return row
        ? {
            status: row.status,
            title: row.title,
            description: row.description,
            tags: row.tags,
            videoMediaId: row.video_media_id,
            posterMediaId: row.poster_media_id,
          }
        : undefined;
    },

    async update(
      id: string,
      changes: {
        title?: string;
        description?: string;
        tags?: string[];
        productId?: string | null;
        status?: KlipStatus;
        failureReason?: string | null;
        videoMediaId?: string;
      },
    ): Promise<void> {
      await db
        .updateTable('klips')
        .set({
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
          ...(changes.productId !== undefined ? { product_id: changes.productId } : {}),
          ...(changes.status !== undefined ? { status: changes.status } : {}),
          ...(changes.failureReason !== undefined ? { failure_reason: changes.failureReason } : {}),
          ...(changes.videoMediaId !== undefined ? { video_media_id: changes.videoMediaId } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('klips').where('id', '=', id).execute();
    },

    async isOwnActiveProduct(ownerId: string, productId: string): Promise<boolean> {
      const row = await db
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .where('owner_id', '=', ownerId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The owner's media object, locked (the sweep locks it too before deleting), or undefined. */
    async lockOwnMedia(ownerId: string, mediaId: string) {
      return db
        .selectFrom('media_objects')
        .select(['id', 'kind', 'status', 'failure_reason', 'source_key'])
        .where('id', '=', mediaId)
        .where('owner_id', '=', ownerId)
        .where('deleting_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * The klips still processing with this video follow its outcome: active, or failed with the reason. Klips no
     * longer processing are left as they are, so a second call changes nothing.
     */
    async settleProcessingKlipsOfVideo(
      videoMediaId: string,
      outcome: { status: 'active' } | { status: 'failed'; reason: string },
    ): Promise<void> {
      await db
        .updateTable('klips')
        .set({
          status: outcome.status,
          failure_reason: outcome.status === 'failed' ? outcome.reason : null,
          updated_at: new Date(),
        })
        .where('video_media_id', '=', videoMediaId)
        .where('status', '=', 'processing')
        .execute();
    },
  };
}
