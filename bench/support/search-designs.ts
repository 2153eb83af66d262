// The designs decision 0082 weighed for finding a search's newest SEARCH_CANDIDATES matches among 1 M products,
// each built beside the app's own structures in bench:search's database and run as the products section runs its
// search: the newest matches of every typed word (each a prefix), ranked, the first page of 12 returned.
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../src/server/db/database.ts';
import { runInTransaction, type Executor } from '../../src/server/db/transaction.ts';
import {
  buildMatchQuery,
  buildRank,
  newestMatches,
  type SearchQueryWords,
} from '../../src/server/modules/search/search-query.repository.ts';
import { SEARCH_CANDIDATES } from '../../src/shared/constants.ts';

const PAGE = 12;
/** Completions kept per prefix in the prefix-expansion table, the most frequent first. */
const COMPLETIONS_PER_PREFIX = 8;
/** The shortest prefix the expansion table holds (a shorter one is searched as a prefix). */
const SHORTEST_PREFIX = 3;

export interface SearchDesign {
  label: string;
  /** Builds what the design needs; its time is printed. Undefined: nothing to build. */
  build?(database: Database): Promise<void>;
  /** Why the design cannot run here (a missing extension), or undefined. */
  unavailable?(database: Database): Promise<string | undefined>;
  /** The ids of the first page, best first. */
  search(db: Executor, query: SearchQueryWords, now: Date): Promise<string[]>;
  /** Drops what build made. */
  drop?(database: Database): Promise<void>;
}

const ACTIVE_PRODUCTS = sql`products p where p.status = 'active'`;

/** The first page of candidates (id, search_document), ranked. */
async function rankFirstPage(
  db: Executor,
  candidates: RawBuilder<unknown>,
  query: SearchQueryWords,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`with candidates as (${candidates})
    select c.id from candidates c
    order by ${buildRank(sql`c.search_document`, query)} desc, c.id desc limit ${PAGE}`.execute(db);
  return rows.map((row) => row.id);
}

/** Every match through the documents' GIN index, or the newest-first index walked until enough match. */
const allDocuments: SearchDesign = {
  label: 'one GIN of all documents (before)',
  search: (db, query) =>
    rankFirstPage(
      db,
      sql`select p.id, p.search_document from ${ACTIVE_PRODUCTS} and p.search_document @@ ${buildMatchQuery(query)}
        order by p.created_at desc, p.id desc limit ${SEARCH_CANDIDATES}`,
      query,
    ),
};

/** The app's: a partial GIN per age tier, read newest tier first (migration 0032). */
const tiers: SearchDesign = {
  label: 'tiers, a GIN each (kept)',
  search: (db, query) =>
    rankFirstPage(
      db,
      sql`select m.id, m.search_document
        from ${newestMatches({ rows: ACTIVE_PRODUCTS, alias: 'p', tiered: true }, buildMatchQuery(query))} m`,
      query,
    ),
};

/** A copy of the documents partitioned by month, read a month at a time until the candidates are full. */
const monthlyPartitions: SearchDesign = {
  label: 'monthly partitions, month by month',
  async build(database) {
    const { rows } = await sql<{ month: string }>`
      select to_char(month, 'YYYY-MM-DD') as month from generate_series(
        (select date_trunc('month', min(created_at)) from products),
        (select date_trunc('month', max(created_at)) from products), interval '1 month') as month`.execute(
      database.db,
    );
    await database.withSession(async (session) => {
      await session.exec(`create table bench_search_months (id text not null, created_at timestamptz not null,
        search_document tsvector not null) partition by range (created_at)`);
      for (const [index, { month }] of rows.entries())
        await session.exec(`create table bench_search_months_${index} partition of bench_search_months
          for values from ('${month}') to (('${month}'::date + interval '1 month'))`);
      await session.exec(`insert into bench_search_months
          select id, created_at, search_document from products where status = 'active';
        create index on bench_search_months using gin (search_document);
        create index on bench_search_months (created_at desc, id desc)`);
      await session.exec('vacuum analyze bench_search_months');
    });
  },
  async search(db, query, now) {
    const match = buildMatchQuery(query);
    const found: { id: string; rank: number }[] = [];
    let end = now;
    // The oldest product is under two years old in bench:search; a month older than that holds nothing.
    for (let month = 0; month < 24 && found.length < SEARCH_CANDIDATES; month += 1) {
      const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (month === 0 ? 0 : 1), 1));
      const { rows } = await sql<{ id: string; rank: number }>`with m as (
          select id, search_document from bench_search_months
          where created_at >= ${start} and created_at < ${end} and search_document @@ ${match}
          order by created_at desc, id desc limit ${SEARCH_CANDIDATES - found.length})
        select id, ${buildRank(sql`m.search_document`, query)} as rank from m`.execute(db);
      found.push(...rows);
      end = start;
    }
    return found
      .sort((a, b) => b.rank - a.rank || (a.id < b.id ? 1 : -1))
      .slice(0, PAGE)
      .map((row) => row.id);
  },
  drop: (database) => database.withSession((session) => session.exec('drop table bench_search_months')),
};

/** RUM (Debian's postgresql-15-rum) with created_at attached: matches come out of the index newest first. */
const rum: SearchDesign = {
  label: 'RUM, created_at attached',
  async unavailable(database) {
    const { rows } = await sql<{
      count: string;
    }>`select count(*) from pg_available_extensions where name = 'rum'`.execute(database.db);
    return rows[0]!.count === '0'
      ? 'the rum extension is not installed (apt-get install postgresql-15-rum)'
      : undefined;
  },
  build: (database) =>
    database.withSession((session) =>
      session.exec(`create extension if not exists rum;
        create index bench_products_rum on products
          using rum (search_document rum_tsvector_addon_ops, created_at)
          with (attach = 'created_at', to = 'search_document') where status = 'active';
        analyze products`),
    ),
  // Without bitmap scans: the planner, guessing few matches, would read them all through GIN and sort.
  search: (db, query, now) =>
    runInTransaction(db, async (tx) => {
      await sql`set local enable_bitmapscan = off`.execute(tx);
      return rankFirstPage(
        tx,
        sql`select p.id, p.search_document from ${ACTIVE_PRODUCTS}
            and p.search_document @@ ${buildMatchQuery(query)}
          order by p.created_at <=> ${now}::timestamptz limit ${SEARCH_CANDIDATES}`,
        query,
      );
    }),
  drop: (database) =>
    database.withSession((session) => session.exec('drop index bench_products_rum; drop extension rum')),
};

/**
 * A table of each prefix's most frequent whole words: a typed prefix searched as those words (which GIN finds
 * without scanning its lexemes), a prefix the table lacks searched as a prefix.
 */
const prefixExpansion: SearchDesign = {
  label: 'prefixes expanded from a table',
  build: (database) =>
    database.withSession((session) =>
      session.exec(`create table bench_completions as
        select prefix, (array_agg(word order by ndoc desc, word))[1:${COMPLETIONS_PER_PREFIX}] as words
        from ts_stat('select search_document from products where status = ''active''') as stat,
          generate_series(${SHORTEST_PREFIX}, length(stat.word)) as n,
          lateral (select left(stat.word, n) as prefix) as prefixes
        where stat.word !~ '^[0-9]+$'
        group by prefix;
        alter table bench_completions add primary key (prefix)`),
    ),
  async search(db, query) {
    const stems = await sql<{ position: number; words: string[] | null }>`
      select typed.position::int, c.words
      from unnest(${query.words.map(({ word }) => word)}::text[]) with ordinality as typed (word, position)
      left join bench_completions c
        on c.prefix = (tsvector_to_array(to_tsvector('english', typed.word)))[1]
      order by typed.position`.execute(db);
    const expanded = stems.rows.map(({ words }, index) => {
      const { word } = query.words[index]!;
      return words ? `(${words.map((whole) => `'${whole}'`).join(' | ')})` : `'${word}':*`;
    });
    return rankFirstPage(
      db,
      sql`select p.id, p.search_document from ${ACTIVE_PRODUCTS}
          and p.search_document @@ to_tsquery('english', ${expanded.join(' & ')})
        order by p.created_at desc, p.id desc limit ${SEARCH_CANDIDATES}`,
      query,
    );
  },
  drop: (database) => database.withSession((session) => session.exec('drop table bench_completions')),
};

export const SEARCH_DESIGNS: SearchDesign[] = [allDocuments, tiers, monthlyPartitions, rum, prefixExpansion];
