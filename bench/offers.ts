// `npm run bench:offers`: Hot Deals (GET /api/v1/content?type=product&source=activeOffers) and the offers listing
// (GET /api/v1/content?type=offer&status=active) through the full app, on PostgreSQL with 1 M products and 10 k
// offers (60 % active, 20 % upcoming, 20 % expired; each on 1-10 of its seller's products).
//   Requests per second with every request going to the database (LIST_CACHE_MS 0), as served (LIST_CACHE_MS 1000,
//   Hot Deals no longer than the next offer start or end) and from memory (the list cache kept for a minute, so
//   every request after the first is answered from it). Goal: the database's rate at least 0.4 of memory's.
//   Also the Hot Deals statement alone, and the shape it replaced (products walked newest first, each checked for an
//   active offer), in ms per query on one connection.
// Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres); it creates and drops its own database. BENCH_PRODUCTS, BENCH_OFFERS and BENCH_SECONDS change the run.
import { sql } from 'kysely';
import type { Database } from '../src/server/db/database.ts';
import { encodeCursor } from '../src/server/modules/content/content-cursor.ts';
import { startBenchApp } from './support/bench-app.ts';
import { createPgDatabase, fillProducts } from './support/bench-database.ts';
import { ensureWrk, measureWarm, printStats, verdict, type WrkStats } from './support/wrk.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
/** As the catalogue's fill makes them: one creator per 1000 products. */
const PRODUCTS_PER_CREATOR = 1000;
const HOT_DEALS = '/api/v1/content?type=product&source=activeOffers&status=active&limit=12';
const OFFERS_LIST = '/api/v1/content?type=offer&status=active&limit=12';
const GOAL = 0.4;

ensureWrk('bench:offers needs');

/**
 * Offer i belongs to creator 1 + (i - 1) % creators and takes 1 + i % 10 of that creator's products. Of every five,
 * three run now (started up to 20 days ago, ending within 30 days), one starts within 10 days and one ended within
 * 30 days; times are spread to the second, so the next start or end is minutes away, as in a real marketplace.
 */
async function fillOffers(database: Database, count: number): Promise<void> {
  // In batches, each well inside the statement timeout on a busy machine (offer_products' triggers run per row).
  const batch = 1000;
  for (let first = 1; first <= count; first += batch) {
    await fillOfferBatch(database, first, Math.min(count, first + batch - 1));
  }
  await sql`vacuum analyze offers`.execute(database.db);
  await sql`vacuum analyze offer_products`.execute(database.db);
}

async function fillOfferBatch(database: Database, first: number, last: number): Promise<void> {
  const creators = Math.max(1, Math.ceil(PRODUCTS / PRODUCTS_PER_CREATOR));
  await sql`insert into offers (id, owner_id, title, description, discount_type, discount_value, min_purchase,
      max_discount, start_at, end_at, terms)
    select 'bench-offer-' || i, 'bench-user-' || (1 + (i - 1) % ${creators}),
      'Bench offer ' || i, 'A benchmark offer', kind, value, minimum, cap, start_at, start_at + length, '{}'
    from (
      select i,
        case when i % 2 = 0 then 'percentage' else 'fixed' end as kind,
        case when i % 2 = 0 then 500 + (i % 40) * 100 else 5000 + (i % 20) * 1000 end as value,
        case when i % 3 = 0 then 99900 else 0 end as minimum,
        case when i % 4 = 0 then 20000 end as cap,
        case i % 5
          when 3 then now() + make_interval(secs => 3600 + (i * 7919) % 864000)
          when 4 then now() - make_interval(secs => 2592000 + (i * 7919) % 2592000)
          else now() - make_interval(secs => 60 + (i * 7919) % 1728000)
        end as start_at,
        case i % 5
          when 4 then make_interval(secs => 86400 + (i * 104729) % 2419200)
          else make_interval(secs => 1728000 + 3600 + (i * 104729) % 2592000)
        end as length
      from generate_series(${first}::int, ${last}::int) as i
    ) as rows`.execute(database.db);
  // j-th product of offer i: one of its creator's thousand, distinct for j < 10 (101 and 1000 share no factor),
  // and shifted for each of the creator's offers so that they take different products.
  await sql`insert into offer_products (offer_id, product_id, position)
    select 'bench-offer-' || i,
      lpad((${PRODUCTS_PER_CREATOR} * ((i - 1) % ${creators}) + 1
        + (i * 37 + ((i - 1) / ${creators}) * 113 + j * 101) % ${PRODUCTS_PER_CREATOR})::text, 10, '0'),
      j
    from generate_series(${first}::int, ${last}::int) as i, generate_series(0, 9) as j
    where j < 1 + i % 10`.execute(database.db);
}

/** The cursor a client holds after paging 90 % of the way through Hot Deals. */
async function dealsCursorAtDepth(database: Database): Promise<{ cursor: string; deals: number }> {
  const active = sql`select distinct product_created_at, product_id from offer_products
    where start_at <= now() and end_at > now()`;
  const { rows: counted } = await sql<{
    deals: string;
  }>`select count(*) as deals from (${active}) as d`.execute(database.db);
  const deals = Number(counted[0]!.deals);
  const { rows } = await sql<{ created: string; id: string }>`select
      to_char(product_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created, product_id as id
    from (${active}) as d order by product_created_at desc, product_id desc
    offset ${Math.floor(deals * 0.9)} limit 1`.execute(database.db);
  const last = rows[0]!;
  return {
    cursor: encodeCursor({ kind: 'newest', createdAt: last.created, id: last.id, total: deals }),
    deals,
  };
}

/** Mean ms of a statement run one after another on one connection, after a warm-up. */
async function timeQuery(database: Database, query: ReturnType<typeof sql>, runs = 200): Promise<number> {
  for (let run = 0; run < 20; run += 1) await query.execute(database.db);
  const started = performance.now();
  for (let run = 0; run < runs; run += 1) await query.execute(database.db);
  return (performance.now() - started) / runs;
}

const measure = (url: string): Promise<WrkStats> =>
  measureWarm(url, { seconds: SECONDS, connections: CONNECTIONS });

const line = (label: string, stats: WrkStats) => printStats(label, stats, 40);

async function isRegistered(base: string, url: string): Promise<boolean> {
  const response = await fetch(`${base}${url}`);
  await response.arrayBuffer();
  return response.status === 200;
}

type Route = { label: string; url: string };
const ratios: string[] = [];

const { database, drop } = await createPgDatabase('lootklip_bench_offers');
try {
  const started = performance.now();
  await fillProducts(database, PRODUCTS);
  await fillOffers(database, OFFERS);
  const { cursor, deals } = await dealsCursorAtDepth(database);
  console.log(
    `PostgreSQL, ${PRODUCTS} products, ${OFFERS} offers, ${deals} products in offers active now (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );

  // The statement alone: Hot Deals' first page as the repository reads it (the copies in offer_products, in the
  // order of their index), and the shape without them.
  const now = new Date();
  const throughCopies = sql`select p.id from (select distinct op.product_created_at, op.product_id
      from offer_products op where op.start_at <= ${now} and op.end_at > ${now}
      order by op.product_created_at desc, op.product_id desc limit 13) as d
    join products p on p.id = d.product_id order by p.created_at desc, p.id desc`;
  const walkingProducts = sql`select p.id from products p where p.status = 'active' and exists (
      select 1 from offer_products op join offers o on o.id = op.offer_id
      where op.product_id = p.id and o.start_at <= ${now} and o.end_at > ${now})
    order by p.created_at desc, p.id desc limit 13`;
  console.log('Hot Deals first page, the statement alone (one connection)');
  console.log(
    `  through offer_products' copies (0016)       ${(await timeQuery(database, throughCopies)).toFixed(3)} ms`,
  );
  console.log(
    `  walking products newest first (no copies)   ${(await timeQuery(database, walkingProducts)).toFixed(3)} ms`,
  );

  const routes: Route[] = [
    { label: 'Hot Deals, first page', url: HOT_DEALS },
    { label: 'Hot Deals, cursor at 90 % depth', url: `${HOT_DEALS}&lastEvaluatedKey=${cursor}` },
    { label: 'offers listing', url: OFFERS_LIST },
    // For comparison: the shop's first page, which bench:catalogue measures (ADR 0016: about 0.12 from the database).
    { label: 'product listing (reference)', url: '/api/v1/content?type=product&status=active&limit=12' },
  ];
  const apps = {
    database: await startBenchApp(database, 0),
    served: await startBenchApp(database, 1000),
    memory: await startBenchApp(database, 60_000),
  };
  try {
    for (const route of routes) {
      if (!(await isRegistered(apps.database.base, route.url))) {
        // The offers module's list arrives on its own branch: run again after merging.
        console.log(`${route.label}: not registered on this branch`);
        ratios.push(`  ${route.label.padEnd(34)} skipped (not registered on this branch)`);
        continue;
      }
      console.log(route.label);
      const fromDatabase = await measure(`${apps.database.base}${route.url}`);
      line('every request to the database', fromDatabase);
      const served = await measure(`${apps.served.base}${route.url}`);
      line('as served (LIST_CACHE_MS 1000)', served);
      const memory = await measure(`${apps.memory.base}${route.url}`);
      line('from memory (list cache)', memory);
      const ratio = fromDatabase.rps / memory.rps;
      ratios.push(
        `  ${route.label.padEnd(34)} ${ratio.toFixed(2)} of memory from the database (goal >= ${GOAL}): ${verdict(ratio >= GOAL)}; as served ${(served.rps / memory.rps).toFixed(2)}`,
      );
    }
  } finally {
    await Promise.all(Object.values(apps).map((app) => app.close()));
  }
} finally {
  await drop();
}

console.log('Ratios');
for (const ratio of ratios) console.log(ratio);
process.exit(0);
