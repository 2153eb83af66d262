// A klip's views, likes and counters (docs/product.md "Klip interactions API"; decision 0041) over an Executor.
// Each counter changes in a single `update ... set n = n + k` next to the row that causes it, so concurrent writers
// never lose one another's counts.
import { sql } from 'kysely';
import type { Reader } from '../../../shared/domain/privacy.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import type { Executor } from '../../db/transaction.ts';

export interface KlipCounters {
  likes: number;
  views: number;
  comments: number;
}

export function createKlipCountersRepository(db: Executor) {
  return {
    /** The klip's counters when it is active (the only klips anyone interacts with), else undefined. */
    async findActiveKlip(klipId: string, reader?: Reader): Promise<KlipCounters | undefined> {
      const row = await db
        .selectFrom('klips')
        .select(['klips.likes', 'klips.views', 'klips.comment_count'])
        .where('klips.id', '=', klipId)
        .where('klips.status', '=', 'active')
        // With a reader: only when the owner's whoCanSeeMyContent admits them (decision 0071).
        .$if(reader !== undefined, (query) =>
          query.innerJoin('users as u', 'u.id', 'klips.owner_id').where(authorContentVisibleTo(reader!)),
        )
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

    /** Locks the klip's counters row until the transaction ends (a delete takes it before the activity rows). */
    async lockCounters(klipId: string): Promise<void> {
      await db.selectFrom('klips').select('id').where('id', '=', klipId).forUpdate().execute();
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
  };
}
