// The notification rows (migrations/0027_create_notifications.sql; decision 0077): written inside the interactions
// service's transactions, read as groups newest first, counted through the exact per-user unread row.
import { sql } from 'kysely';
import { toReader } from '../../../shared/domain/privacy.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import type { NotificationKind } from '../../../shared/contracts/notifications.ts';
import type { Executor } from '../../db/transaction.ts';

export interface NotificationInsert {
  id: string;
  recipientId: string;
  kind: NotificationKind;
  actorId: string | null;
  klipId: string | null;
  commentId: string | null;
  productId: string | null;
  offerId: string | null;
  groupKey: string;
  createdAt: Date;
}

export interface GroupRow {
  groupKey: string;
  kind: NotificationKind;
  latest: Date;
  /** The latest time as the database wrote it (to the microsecond), for the cursor. */
  latestKey: string;
  count: number;
  actors: number;
  unread: boolean;
  newestId: string;
}

export interface GroupCursor {
  createdAt: string;
  id: string;
}

export interface NotificationDetail {
  id: string;
  kind: NotificationKind;
  klipId: string | null;
  commentId: string | null;
  productId: string | null;
  offerId: string | null;
  actorUsername: string | null;
  actorDisplayName: string | null;
  actorVisible: boolean | null;
  klipTitle: string | null;
  parentAuthorId: string | null;
  offerTitle: string | null;
  productName: string | null;
}

export function createNotificationsRepository(db: Executor) {
  return {
    async insert(rows: NotificationInsert[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('notifications')
        .values(
          rows.map((row) => ({
            id: row.id,
            recipient_id: row.recipientId,
            kind: row.kind,
            actor_id: row.actorId,
            klip_id: row.klipId,
            comment_id: row.commentId,
            product_id: row.productId,
            offer_id: row.offerId,
            group_key: row.groupKey,
            created_at: row.createdAt,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    /** An unlike: the like's notification goes. Returns the recipients whose activity changed. */
    async deleteLike(klipId: string, actorId: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('notifications')
        .where('kind', '=', 'like')
        .where('klip_id', '=', klipId)
        .where('actor_id', '=', actorId)
        .returning('recipient_id')
        .execute();
      return rows.map((row) => row.recipient_id);
    },

    /** Who is notified about a comment or its replies (deleting them takes their rows by cascade). */
    async recipientsOfThread(commentId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('notifications')
        .select('recipient_id')
        .distinct()
        .where((eb) =>
          eb.or([
            eb('comment_id', '=', commentId),
            eb(
              'comment_id',
              'in',
              eb.selectFrom('klip_comments').select('id').where('parent_comment_id', '=', commentId),
            ),
          ]),
        )
        .execute();
      return rows.map((row) => row.recipient_id);
    },

    /** The klip's owner, and a comment's author (a reply's parent), for whom to notify. */
    async klipOwner(klipId: string): Promise<string | undefined> {
      const row = await db.selectFrom('klips').select('owner_id').where('id', '=', klipId).executeTakeFirst();
      return row?.owner_id;
    },

    async commentAuthor(commentId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('klip_comments')
        .select('user_id')
        .where('id', '=', commentId)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** The stored notification settings of each user (absent: none stored, the defaults apply). */
    async notificationSettings(userIds: string[]): Promise<Map<string, unknown>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('user_settings')
        .select(['user_id', 'app_settings'])
        .where('user_id', 'in', userIds)
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.app_settings['notifications']]));
    },

    async actor(
      userId: string,
    ): Promise<{ username: string; displayName: string; visible: boolean } | undefined> {
      return db
        .selectFrom('users')
        .select(['username', 'display_name as displayName', 'activity_visible as visible'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async emailOf(userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email;
    },

    /** One page of the recipient's groups, newest activity first, keyset on (latest time, group key). */
    async listGroups(
      recipientId: string,
      kinds: readonly NotificationKind[],
      after: GroupCursor | undefined,
      limit: number,
    ): Promise<GroupRow[]> {
      if (kinds.length === 0) return [];
      const having = after
        ? sql`having (max(created_at), group_key) < (${after.createdAt}::timestamptz, ${after.id})`
        : sql``;
      const result = await sql<{
        group_key: string;
        kind: NotificationKind;
        latest: Date;
        latest_key: string;
        n: string;
        actors: string;
        unread: boolean;
        newest_id: string;
      }>`
        select group_key, kind, max(created_at) as latest,
          to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as latest_key,
          count(*) as n, count(distinct actor_id) as actors, bool_or(read_at is null) as unread,
          (array_agg(id order by created_at desc, id desc))[1] as newest_id
        from notifications
        where recipient_id = ${recipientId} and kind in (${sql.join(kinds)})
        group by group_key, kind
        ${having}
        order by max(created_at) desc, group_key desc
        limit ${limit}`.execute(db);
      return result.rows.map((row) => ({
        groupKey: row.group_key,
        kind: row.kind,
        latest: new Date(row.latest),
        latestKey: row.latest_key,
        count: Number(row.n),
        actors: Number(row.actors),
        unread: row.unread,
        newestId: row.newest_id,
      }));
    },

    /** What the newest row of each group is about: the actor, the klip, the parent comment, the offer. */
    async details(ids: string[]): Promise<NotificationDetail[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('notifications as n')
        .leftJoin('users as a', 'a.id', 'n.actor_id')
        .leftJoin('klips as k', 'k.id', 'n.klip_id')
        .leftJoin('klip_comments as c', 'c.id', 'n.comment_id')
        .leftJoin('klip_comments as p', 'p.id', 'c.parent_comment_id')
        .leftJoin('offers as o', 'o.id', 'n.offer_id')
        .leftJoin('products as pr', 'pr.id', 'n.product_id')
        .select([
          'n.id',
          'n.kind',
          'n.klip_id as klipId',
          'n.comment_id as commentId',
          'n.product_id as productId',
          'n.offer_id as offerId',
          'a.username as actorUsername',
          'a.display_name as actorDisplayName',
          'a.activity_visible as actorVisible',
          'k.title as klipTitle',
          'p.user_id as parentAuthorId',
          'o.title as offerTitle',
          'pr.name as productName',
        ])
        .where('n.id', 'in', ids)
        .execute();
    },

    /**
     * The demo seed's activity (docs/product.md "Demo marketplace"): the rows the interactions service would have
     * written for the likes, comments and replies already stored, unread when newer than `readBefore`. Three
     * statements, whatever the number of rows; recipients never notified of their own activity.
     */
    async recordStoredInteractions(readBefore: Date): Promise<void> {
      const readAt = sql`case when x.created_at < ${readBefore} then x.created_at end`;
      await sql`
        insert into notifications (id, recipient_id, kind, actor_id, klip_id, group_key, created_at, read_at)
        select 'seed-like-' || x.klip_id || '-' || x.user_id, k.owner_id, 'like', x.user_id, x.klip_id,
          'like:' || x.klip_id, x.created_at, ${readAt}
        from klip_likes x join klips k on k.id = x.klip_id
        where x.user_id <> k.owner_id
        on conflict do nothing`.execute(db);
      await sql`
        insert into notifications (id, recipient_id, kind, actor_id, klip_id, comment_id, group_key, created_at,
          read_at)
        select 'seed-comment-' || x.id, k.owner_id, 'comment', x.user_id, x.klip_id, x.id, 'comment:' || x.klip_id,
          x.created_at, ${readAt}
        from klip_comments x join klips k on k.id = x.klip_id
        where x.parent_comment_id is null and x.user_id <> k.owner_id
        on conflict do nothing`.execute(db);
      await sql`
        insert into notifications (id, recipient_id, kind, actor_id, klip_id, comment_id, group_key, created_at,
          read_at)
        select distinct on (x.id, r.recipient) 'seed-reply-' || x.id || '-' || r.recipient, r.recipient, 'reply',
          x.user_id, x.klip_id, x.id, 'reply:' || x.parent_comment_id, x.created_at, ${readAt}
        from klip_comments x
        join klips k on k.id = x.klip_id
        join klip_comments p on p.id = x.parent_comment_id
        cross join lateral (values (k.owner_id), (p.user_id)) as r (recipient)
        where r.recipient <> x.user_id
        on conflict do nothing`.execute(db);
    },

    /** The exact unread count: one row (kept by the migration's triggers). */
    async unreadCount(recipientId: string): Promise<number> {
      const row = await db
        .selectFrom('notification_unread')
        .select('unread')
        .where('user_id', '=', recipientId)
        .executeTakeFirst();
      return row?.unread ?? 0;
    },

    async markGroupsRead(recipientId: string, groupKeys: string[], at: Date): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('recipient_id', '=', recipientId)
        .where('group_key', 'in', groupKeys)
        .where('read_at', 'is', null)
        .execute();
    },

    async markAllRead(recipientId: string, at: Date): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('recipient_id', '=', recipientId)
        .where('read_at', 'is', null)
        .execute();
    },

    /** Offers ending within the window on products in the user's active Loot Box that have no row for them yet. */
    async endingOffersInLootbox(
      userId: string,
      from: Date,
      to: Date,
    ): Promise<Array<{ offerId: string; productId: string }>> {
      return (
        db
          .selectFrom('lootboxes as l')
          .innerJoin('lootbox_items as i', 'i.lootbox_id', 'l.id')
          .innerJoin('offer_products as op', 'op.product_id', 'i.product_id')
          .innerJoin('offers as o', 'o.id', 'op.offer_id')
          // A product its seller keeps from the user is, to them, no product (decision 0071): no word of its offers.
          .innerJoin('products as p', 'p.id', 'i.product_id')
          .innerJoin('users as u', 'u.id', 'p.owner_id')
          .where(authorContentVisibleTo(toReader(userId)))
          .select(['o.id as offerId', 'i.product_id as productId'])
          .distinctOn('o.id')
          .where('l.user_id', '=', userId)
          .where('l.status', '=', 'active')
          .where('o.end_at', '>', from)
          .where('o.end_at', '<=', to)
          .where('o.start_at', '<=', from)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('notifications as n')
                  .select('n.id')
                  .whereRef('n.offer_id', '=', 'o.id')
                  .where('n.recipient_id', '=', userId)
                  .where('n.kind', '=', 'offer_ending'),
              ),
            ),
          )
          .orderBy('o.id')
          .execute()
      );
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
