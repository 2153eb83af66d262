// SQL of the seller's dashboard (docs/product.md "Dashboard"; decision 0065): how many products, klips and offers a
// seller has by state, and the figures the product already stores as rows (klip views by day, likes, comments,
// shares), each counted once and grouped in SQL over indexed columns (migration 0022), by the seller's local days
// (decision 0079). Read-only; takes the database or a transaction (decision 0026).
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import { addDays } from './dashboard-period.ts';

export interface OwnCounts {
  products: number;
  klips: { active: number; processing: number; failed: number };
  offers: { running: number; upcoming: number; ended: number };
}

/** The figures stored as rows, by the dashboard's names for them. */
export const STORED_FIGURES = ['klipViews', 'likes', 'comments', 'shares'] as const;
export type StoredFigure = (typeof STORED_FIGURES)[number];

export interface StoredDailyRow {
  figure: StoredFigure;
  day: string;
  count: number;
}

export interface Lifetime {
  klipViews: number;
  likes: number;
  comments: number;
  shares: number;
}

/** A range of the seller's local days (YYYY-MM-DD, both included) in `timeZone` (users.time_zone). */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** The instant the local day `day` begins in the range's zone, in SQL. */
const localMidnight = (day: string, timeZone: string) =>
  sql<Date>`(${day}::date::timestamp at time zone ${timeZone}::text)`;

/**
 * The local day of a klip view in the range's zone. A view row holds its UTC day and when it was written; the view
 * route writes it on that day, so the day at the row's time of day is the view's instant (a row written on another
 * day, as the seed's history is, keeps its day and takes only the time of day).
 */
const viewLocalDay = (timeZone: string) =>
  sql<string>`((v.day + (v.created_at at time zone 'UTC')::time) at time zone 'UTC' at time zone ${timeZone}::text)::date`;

/**
 * The view rows that can fall on the local days [from, to] in any zone from UTC-12 to UTC+14: their UTC days are
 * at most one day outside (on klip_views (klip_id, day)); viewLocalDay picks the local days from them.
 */
const viewsOnLocalDays = (days: DayRange) =>
  sql<boolean>`v.day between ${days.from}::date - 1 and ${days.to}::date + 1
    and ${viewLocalDay(days.timeZone)} between ${days.from}::date and ${days.to}::date`;

export function createDashboardRepository(db: Executor) {
  /**
   * A share of one of the seller's klips or products. Their ids as an array (an init plan) rather than IN
   * (subquery): with IN the planner misjudged the rows and scanned all interactions (77 ms against 6 ms through
   * interactions_content_idx on 200 000 rows; decision 0065).
   */
  const isSellerShare = (sellerId: string) => sql<boolean>`i.type = 'share' and i.content_id = any(array(
    select id from klips where owner_id = ${sellerId}
    union all
    select id from products where owner_id = ${sellerId}
  ))`;

  return {
    async countOwn(userId: string, at: Date): Promise<OwnCounts> {
      const { rows } = await sql<{
        products: number;
        klips_active: number;
        klips_processing: number;
        klips_failed: number;
        offers_running: number;
        offers_upcoming: number;
        offers_ended: number;
      }>`
        select
          (select count(*)::int from products where owner_id = ${userId}) as products,
          k.active as klips_active, k.processing as klips_processing, k.failed as klips_failed,
          o.running as offers_running, o.upcoming as offers_upcoming, o.ended as offers_ended
        from (
          select
            count(*) filter (where status = 'active')::int as active,
            count(*) filter (where status = 'processing')::int as processing,
            count(*) filter (where status = 'failed')::int as failed
          from klips where owner_id = ${userId}
        ) k, (
          select
            count(*) filter (where start_at <= ${at} and end_at > ${at})::int as running,
            count(*) filter (where start_at > ${at})::int as upcoming,
            count(*) filter (where end_at <= ${at})::int as ended
          from offers where owner_id = ${userId}
        ) o`.execute(db);
      const row = rows[0]!;
      return {
        products: row.products,
        klips: { active: row.klips_active, processing: row.klips_processing, failed: row.klips_failed },
        offers: { running: row.offers_running, upcoming: row.offers_upcoming, ended: row.offers_ended },
      };
    },

    /** The seller's time zone (users.time_zone; 'UTC' for a user gone since): their dashboard days' zone. */
    async getTimeZone(sellerId: string): Promise<string> {
      const row = await db
        .selectFrom('users')
        .select('time_zone')
        .where('id', '=', sellerId)
        .executeTakeFirst();
      return row?.time_zone ?? 'UTC';
    },

    /**
     * Per local day of `days` and stored figure: views of the seller's klips (klip_views, one row per viewer and
     * UTC day), likes and comments (replies included) on them by when they were made, and shares of their klips and
     * products (interactions of type 'share'). Days without any are absent.
     */
    async listStoredDaily(sellerId: string, days: DayRange): Promise<StoredDailyRow[]> {
      const fromAt = localMidnight(days.from, days.timeZone);
      const untilAt = localMidnight(addDays(days.to, 1), days.timeZone);
      /** Rows of `table` on the seller's klips, per local day they were made. */
      const onKlipsByDay = (figure: 'likes' | 'comments', table: 'klip_likes' | 'klip_comments') =>
        sql<StoredDailyRow>`
          select ${sql.lit(figure)} as figure,
            to_char(r.created_at at time zone ${days.timeZone}::text, 'YYYY-MM-DD') as day, count(*)::int as count
          from klips k join ${sql.table(table)} r on r.klip_id = k.id
          where k.owner_id = ${sellerId} and r.created_at >= ${fromAt} and r.created_at < ${untilAt}
          group by 2`;
      // Four statements rather than one UNION ALL: together their cost crosses PostgreSQL's line for a parallel
      // plan, and starting its workers took ten times the work itself (decision 0065).
      const statements = [
        sql<StoredDailyRow>`
          select 'klipViews' as figure, to_char(${viewLocalDay(days.timeZone)}, 'YYYY-MM-DD') as day,
            count(*)::int as count
          from klips k join klip_views v on v.klip_id = k.id
          where k.owner_id = ${sellerId} and ${viewsOnLocalDays(days)}
          group by 2`,
        onKlipsByDay('likes', 'klip_likes'),
        onKlipsByDay('comments', 'klip_comments'),
        sql<StoredDailyRow>`
          select 'shares' as figure, to_char(i.created_at at time zone ${days.timeZone}::text, 'YYYY-MM-DD') as day,
            count(*)::int as count
          from interactions i
          where ${isSellerShare(sellerId)}
            and i.created_at >= ${fromAt} and i.created_at < ${untilAt}
          group by 2`,
      ];
      const results = await Promise.all(statements.map((statement) => statement.execute(db)));
      return results.flatMap((result) => result.rows);
    },

    /**
     * The seller's active klips with their views over `days`, most first, the newest first among equals; klips
     * without a view in the days too (0), so a new seller's funnel lists their klips.
     */
    async listKlipsByViews(
      sellerId: string,
      days: DayRange,
      limit: number,
    ): Promise<Array<{ klipId: string; views: number }>> {
      const { rows } = await sql<{ klip_id: string; views: number }>`
        select k.id as klip_id, (
          select count(*)::int from klip_views v
          where v.klip_id = k.id and ${viewsOnLocalDays(days)}
        ) as views
        from klips k
        where k.owner_id = ${sellerId} and k.status = 'active'
        order by views desc, k.created_at desc, k.id desc
        limit ${limit}`.execute(db);
      return rows.map((row) => ({ klipId: row.klip_id, views: row.views }));
    },

    /** The ids of the seller's active klips: the ones events may be attributed to. */
    async listActiveKlipIds(sellerId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('klips')
        .select('id')
        .where('owner_id', '=', sellerId)
        .where('status', '=', 'active')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Since the first day: views, likes and comments from the klips' counters (kept in step with their rows, which
     * outlive the view rows' retention) and shares of the seller's klips and products.
     */
    async getLifetime(sellerId: string): Promise<Lifetime> {
      const { rows } = await sql<{ klip_views: string; likes: string; comments: string; shares: number }>`
        select
          coalesce(sum(k.views), 0)::text as klip_views,
          coalesce(sum(k.likes), 0)::text as likes,
          coalesce(sum(k.comment_count), 0)::text as comments,
          (select count(*)::int from interactions i
            where ${isSellerShare(sellerId)}) as shares
        from klips k where k.owner_id = ${sellerId}`.execute(db);
      const row = rows[0]!;
      return {
        klipViews: Number(row.klip_views),
        likes: Number(row.likes),
        comments: Number(row.comments),
        shares: row.shares,
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
