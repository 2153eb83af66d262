// The SQL of an account's deletion that no other module has (docs/decisions/0076-account-deletion.md): what the
// user owns, and the rows of theirs on other people's things whose counters must move as they go (decision 0041).
// Nothing here opens a transaction: the account service runs every step in its one.
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export interface OwnedContent {
  productIds: string[];
  offerIds: string[];
  klipIds: string[];
  /** Every media object the user uploaded: photos, videos, posters, avatar, cover, uploads never saved. */
  mediaIds: string[];
}

export function createAccountRepository(db: Executor) {
  return {
    /** The user's row, locked: a second deletion (another tab) waits here and then finds nothing. */
    async lockUser(userId: string): Promise<{ username: string } | undefined> {
      return db
        .selectFrom('users')
        .select('username')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    async hasPassword(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('credentials')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listOwnedContent(userId: string): Promise<OwnedContent> {
      // One after another: inside a transaction they share its one connection anyway.
      const products = await db
        .selectFrom('products')
        .select('id')
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const offers = await db
        .selectFrom('offers')
        .select('id')
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const klips = await db
        .selectFrom('klips')
        .select('id')
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const media = await db
        .selectFrom('media_objects')
        .select('id')
        .where('owner_id', '=', userId)
        .execute();
      const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
      return {
        productIds: ids(products),
        offerIds: ids(offers),
        klipIds: ids(klips),
        mediaIds: ids(media),
      };
    },

    /**
     * The user's comments and replies go, with the replies others wrote under the user's comments (a deleted
     * comment takes its replies, decision 0041). Each klip's `comment_count` drops by the rows it lost, and the
     * parent of each reply of the user's under someone else's comment by one per such reply. Locks in the order of
     * every comment write: parent comments, then replies, then klips (each in id order). Answers the rows removed.
     */
    async deleteCommentsOf(userId: string): Promise<number> {
      const parents = await db
        .selectFrom('klip_comments')
        .select('id')
        .where('parent_comment_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb('user_id', '=', userId),
            eb(
              'id',
              'in',
              eb
                .selectFrom('klip_comments')
                .select('parent_comment_id')
                .where('user_id', '=', userId)
                .where('parent_comment_id', 'is not', null),
            ),
          ]),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
      const going = await db
        .selectFrom('klip_comments as c')
        .select(['c.id', 'c.klip_id', 'c.parent_comment_id', 'c.user_id'])
        .where((eb) =>
          eb.or([
            eb('c.user_id', '=', userId),
            eb(
              'c.parent_comment_id',
              'in',
              eb
                .selectFrom('klip_comments')
                .select('id')
                .where('user_id', '=', userId)
                .where('parent_comment_id', 'is', null),
            ),
          ]),
        )
        .orderBy('c.id')
        .forUpdate()
        .execute();
      if (parents.length === 0 && going.length === 0) return 0;
      const goingIds = new Set(going.map((row) => row.id));
      // Replies of the user's under a comment that stays: its reply_count drops by one per reply.
      const repliesPerParent = new Map<string, number>();
      for (const row of going) {
        if (row.parent_comment_id && !goingIds.has(row.parent_comment_id)) {
          repliesPerParent.set(row.parent_comment_id, (repliesPerParent.get(row.parent_comment_id) ?? 0) + 1);
        }
      }
      const perKlip = new Map<string, number>();
      for (const row of going) perKlip.set(row.klip_id, (perKlip.get(row.klip_id) ?? 0) + 1);
      await lockKlips(db, [...perKlip.keys()]);
      for (const [parentId, count] of [...repliesPerParent].sort(([a], [b]) => a.localeCompare(b))) {
        await db
          .updateTable('klip_comments')
          .set({ reply_count: sql`reply_count - ${count}` })
          .where('id', '=', parentId)
          .execute();
      }
      // Replies under the user's comments go with them (on delete cascade), in this one statement.
      await db.deleteFrom('klip_comments').where('user_id', '=', userId).execute();
      await subtractFromKlips(db, 'comment_count', perKlip);
      return going.length;
    },

    /** The user's likes go, and each klip they liked counts one fewer. Answers the likes removed. */
    async deleteLikesOf(userId: string): Promise<number> {
      const likes = await db
        .selectFrom('klip_likes')
        .select('klip_id')
        .where('user_id', '=', userId)
        .orderBy('klip_id')
        .execute();
      if (likes.length === 0) return 0;
      const klipIds = likes.map((row) => row.klip_id);
      await lockKlips(db, klipIds);
      await db.deleteFrom('klip_likes').where('user_id', '=', userId).execute();
      await subtractFromKlips(db, 'likes', new Map(klipIds.map((id) => [id, 1])));
      return likes.length;
    },

    /**
     * The user's star ratings of others' products go, and each product's sum and count with them (decision 0011:
     * its totals stay those of its rows). Products locked in id order, as a rating locks its product.
     */
    async deleteRatingsOf(userId: string): Promise<void> {
      const ratings = await db
        .selectFrom('product_ratings as r')
        .innerJoin('products as p', 'p.id', 'r.product_id')
        .select(['r.product_id', 'r.stars'])
        .where('r.user_id', '=', userId)
        .where('p.owner_id', '<>', userId)
        .orderBy('r.product_id')
        .execute();
      if (ratings.length === 0) return;
      await db
        .selectFrom('products')
        .select('id')
        .where(
          'id',
          'in',
          ratings.map((row) => row.product_id),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
      for (const rating of ratings) {
        await db
          .updateTable('products')
          .set({
            rating_sum: sql`rating_sum - ${rating.stars}`,
            rating_count: sql`rating_count - 1`,
          })
          .where('id', '=', rating.product_id)
          .execute();
      }
      await db.deleteFrom('product_ratings').where('user_id', '=', userId).execute();
    },

    /**
     * The user's view rows on others' klips keep counting (klips.views, and the dashboard's views per day read
     * the rows) but no longer say who: their viewer key becomes one made up for this deletion.
     */
    async anonymiseViewsOf(userId: string, anonymousKey: string): Promise<void> {
      await db
        .updateTable('klip_views')
        .set({ viewer_key: anonymousKey })
        .where('viewer_key', '=', `user:${userId}`)
        .execute();
    },

    /**
     * The seller's figures go with them: the generic interactions about their content (shares, contact clicks) and
     * their analytics, raw and rolled up. Events they made as a shopper carry no user and stay.
     */
    async deleteFiguresOf(userId: string, contentIds: string[]): Promise<void> {
      if (contentIds.length > 0) {
        await db.deleteFrom('interactions').where('content_id', 'in', contentIds).execute();
      }
      await db.deleteFrom('analytics_daily').where('seller_id', '=', userId).execute();
      await db.deleteFrom('analytics_daily_totals').where('seller_id', '=', userId).execute();
      await db.deleteFrom('analytics_events').where('seller_id', '=', userId).execute();
    },

    /**
     * The user row. What is still theirs goes with it by its foreign keys (on delete cascade): sessions and refresh
     * tokens (so every ID token of theirs is refused at once), credentials, external identities, password resets,
     * settings, lootboxes with their items, idempotency keys, and any table added later that cascades on users.
     */
    async deleteUser(userId: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** Locks klip rows in id order, as every counter write does, so two deletions never deadlock on them. */
async function lockKlips(db: Executor, klipIds: string[]): Promise<void> {
  if (klipIds.length === 0) return;
  await db.selectFrom('klips').select('id').where('id', 'in', klipIds).orderBy('id').forUpdate().execute();
}

async function subtractFromKlips(
  db: Executor,
  column: 'likes' | 'comment_count',
  perKlip: Map<string, number>,
): Promise<void> {
  for (const [klipId, count] of [...perKlip].sort(([a], [b]) => a.localeCompare(b))) {
    await db
      .updateTable('klips')
      .set({ [column]: sql`${sql.ref(column)} - ${count}` })
      .where('id', '=', klipId)
      .execute();
  }
}
