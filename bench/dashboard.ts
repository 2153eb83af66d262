// `npm run bench:dashboard`: the seller dashboard's analytics reads (decision 0064) for a seller with BENCH_EVENTS
// (default 1 000 000) stored events over 30 days, rolled up, plus a live tail the roll-up has not reached, on
// PostgreSQL. Alternates, one at a time, a dashboard read (AnalyticsReads as the stats would call them for a period:
// totals of the period and of the one before, the daily chart, top products and klips, the klip funnel; 7d and 30d
// in turn) with a product page read (GET /api/v1/products/{id}) through the production app in its own process.
// Prints both p95s and their ratio (goal <= 2x).
// Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres); it creates and drops its own database.
import { sql } from 'kysely';
import {
  createAnalyticsMaintenance,
  createAnalyticsReads,
} from '../src/server/modules/analytics/analytics.service.ts';
import { createPgDatabase, fillProducts } from './support/bench-database.ts';
import { percentile, startCrowdServer } from './support/crowd.ts';
import { verdict } from './support/wrk.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const PRODUCTS = 1000;
const KLIPS = 20;
const TAIL_EVENTS = 5000;
const DATABASE = 'lootklip_bench_dashboard';
const SELLER = 'bench-user-1';
const GOAL = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

const productId = (n: number) => String(n).padStart(10, '0');
const klipId = (n: number) => `bench-klip-${n}`;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

async function run(): Promise<void> {
  const { database, drop } = await createPgDatabase(DATABASE);
  let server: Awaited<ReturnType<typeof startCrowdServer>> | undefined;
  try {
    const { db } = database;
    await fillProducts(database, PRODUCTS);
    await sql`insert into klips (id, owner_id, status, title)
      select 'bench-klip-' || n, ${SELLER}, 'active', 'Bench klip ' || n from generate_series(1, ${KLIPS}) as n`.execute(
      db,
    );
    const now = Date.now();
    const maintenance = createAnalyticsMaintenance({ db, now: () => now });
    await maintenance.preparePartitions(new Date(now - 31 * DAY_MS), new Date(now));
    const loadStarted = performance.now();
    // As the ingest stores them (decision 0064): about the seller's products and klips, over 30 days, most
    // counted; product views most, then klip taps, Loot Box adds, contacts and quotes.
    // Chunks that stay inside the app's 5 s statement timeout on a busy machine.
    const chunk = 25_000;
    for (let start = 1; start <= EVENTS; start += chunk) {
      const end = Math.min(EVENTS, start + chunk - 1);
      process.stderr.write(`\r  storing events ${start - 1}`);
      await sql`insert into analytics_events
          (received_at, type, session_hash, address_hash, seller_id, item_type, item_id, klip_id, detail, counted, props)
        select ${new Date(now - 3 * 60_000)}::timestamptz - make_interval(secs => random() * 30 * 86400),
               t.type, 's' || (n % 200000), 'a' || (n % 50000), ${SELLER},
               case when t.type = 'klip_product_tap' then 'klip' else 'product' end,
               case when t.type = 'klip_product_tap' then 'bench-klip-' || (1 + n % ${KLIPS})
                    else lpad((1 + (n::bigint * 7919) % ${PRODUCTS})::text, 10, '0') end,
               case when n % 3 = 0 or t.type = 'klip_product_tap' then 'bench-klip-' || (1 + n % ${KLIPS}) end,
               case when t.type in ('contact_click', 'quote_request') then 'whatsapp' else '' end,
               n % 10 <> 0, '{}'::jsonb
          from generate_series(${start}::int, ${end}::int) as n,
          lateral (select case when n % 100 < 60 then 'product_view' when n % 100 < 80 then 'klip_product_tap'
                               when n % 100 < 92 then 'lootbox_add' when n % 100 < 98 then 'contact_click'
                               else 'quote_request' end as type) as t`.execute(db);
    }
    // As the minute-by-minute job would have: a day at a time, each step inside the statement timeout.
    for (let daysAgo = 30; daysAgo >= 0; daysAgo -= 1) {
      const at = now - daysAgo * DAY_MS;
      process.stderr.write(`\r  rolling up, ${daysAgo} days ago   `);
      await createAnalyticsMaintenance({ db, now: () => at }).rollUp();
    }
    // The live tail: events of the last minutes, not rolled up yet.
    await sql`insert into analytics_events
        (received_at, type, session_hash, address_hash, seller_id, item_type, item_id, klip_id, detail, counted)
      select ${new Date(now)}::timestamptz - make_interval(secs => random() * 100), 'product_view', 't' || n, 'a',
             ${SELLER}, 'product', lpad((1 + n % ${PRODUCTS})::text, 10, '0'), null, '', true
        from generate_series(1, ${TAIL_EVENTS}) as n`.execute(db);
    // As autovacuum leaves the tables some time after a bulk load: statistics and the visibility map (index-only scans).
    await sql`vacuum analyze`.execute(db);
    const daily = await sql<{ n: string }>`select count(*) as n from analytics_daily`.execute(db);
    console.log(
      `PostgreSQL: ${EVENTS} events of one seller (${PRODUCTS} products, ${KLIPS} klips) over 30 days, rolled up into ${daily.rows[0]!.n} daily rows in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s, plus ${TAIL_EVENTS} in the live tail`,
    );

    server = await startCrowdServer(DATABASE);
    const base = `http://127.0.0.1:${server.port}`;
    const reads = createAnalyticsReads(db);
    const klipIds = Array.from({ length: 10 }, (_, index) => klipId(index + 1));
    async function dashboardRead(days: number): Promise<number> {
      const started = performance.now();
      const to = day(now);
      const from = day(now - (days - 1) * DAY_MS);
      const before = { from: day(now - (2 * days - 1) * DAY_MS), to: day(now - days * DAY_MS) };
      await Promise.all([
        reads.totals(SELLER, from, to),
        reads.totals(SELLER, before.from, before.to),
        reads.daily(SELLER, from, to),
        reads.topItems(SELLER, from, to, { itemType: 'product', types: ['product_view'], limit: 5 }),
        reads.topItems(SELLER, from, to, { itemType: 'klip', types: ['klip_product_tap'], limit: 5 }),
        reads.topItems(SELLER, from, to, {
          itemType: 'product',
          types: ['contact_click', 'quote_request'],
          limit: 5,
        }),
        reads.klipFunnel(SELLER, from, to, klipIds),
      ]);
      return performance.now() - started;
    }
    async function productRead(n: number): Promise<number> {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/products/${productId(1 + ((n * 131) % PRODUCTS))}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`product read ${response.status}`);
      return performance.now() - started;
    }
    // Warm-up.
    for (let round = 0; round < 20; round += 1) {
      await dashboardRead(7);
      await productRead(round);
    }
    const week: number[] = [];
    const month: number[] = [];
    const product: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      (round % 2 === 0 ? week : month).push(await dashboardRead(round % 2 === 0 ? 7 : 30));
      product.push(await productRead(round));
    }
    for (const list of [week, month, product]) list.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const p95 = (list: number[]) => percentile(list, 95);
    console.log(
      `  dashboard reads 7d  ${String(week.length).padStart(5)}   p50 ${ms(percentile(week, 50))}   p95 ${ms(p95(week))}`,
    );
    console.log(
      `  dashboard reads 30d ${String(month.length).padStart(5)}   p50 ${ms(percentile(month, 50))}   p95 ${ms(p95(month))}`,
    );
    console.log(
      `  product page reads  ${String(product.length).padStart(5)}   p50 ${ms(percentile(product, 50))}   p95 ${ms(p95(product))}`,
    );
    console.log('Ratios');
    for (const [label, list] of [
      ['7d', week],
      ['30d', month],
    ] as const) {
      const ratio = p95(list) / p95(product);
      console.log(
        `  dashboard ${label} p95 / product read p95   ${ratio.toFixed(2)} (goal <= ${GOAL}): ${verdict(ratio <= GOAL)}`,
      );
    }
  } finally {
    await server?.stop();
    // BENCH_KEEP=1 leaves the database for a look at the plans.
    if (process.env.BENCH_KEEP === '1') await database.close();
    else await drop();
  }
}

await run();
process.exit(0);
