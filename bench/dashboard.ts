// `npm run bench:dashboard`: the seller dashboard's stats (decision 0064, 0065) for a seller with BENCH_EVENTS
// (default 1 000 000) stored events over 30 days, rolled up, plus a live tail the roll-up has not reached, on
// PostgreSQL, through the production app in its own process. Alternates, one at a time, GET /api/v1/dashboard/stats
// (7d and 30d in turn, signed in as the seller) with a product page read (GET /api/v1/products/{id}). Prints both
// p95s and their ratio (goal <= 2x), then the time of each of the analytics reads a stats answer makes, alone.
// Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres); it creates and drops its own database. The seller's days are local days in BENCH_TIME_ZONE (default
// Asia/Kolkata, a half-hour zone; decision 0079).
import { sql } from 'kysely';
import {
  createAnalyticsMaintenance,
  createAnalyticsReads,
} from '../src/server/modules/analytics/analytics.service.ts';
import { createPgDatabase, fillProducts } from './support/bench-database.ts';
import { percentile, signUpCrowdUser, startCrowdServer } from './support/crowd.ts';
import { verdict } from './support/wrk.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const PRODUCTS = 1000;
const KLIPS = 20;
const TAIL_EVENTS = 5000;
const DATABASE = 'lootklip_bench_dashboard';
const GOAL = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_ZONE = process.env.BENCH_TIME_ZONE ?? 'Asia/Kolkata';

const productId = (n: number) => String(n).padStart(10, '0');
const klipId = (n: number) => `bench-klip-${n}`;
/** The seller's local day (YYYY-MM-DD) of an instant. */
const day = (at: number) => new Date(at).toLocaleDateString('en-CA', { timeZone: TIME_ZONE });

async function run(): Promise<void> {
  const { database, drop } = await createPgDatabase(DATABASE);
  let server: Awaited<ReturnType<typeof startCrowdServer>> | undefined;
  try {
    const { db } = database;
    await fillProducts(database, PRODUCTS);
    // The seller signs up through the app (the stats are read signed in) and owns the bench's products and klips.
    server = await startCrowdServer(DATABASE);
    const base = `http://127.0.0.1:${server.port}`;
    const token = await signUpCrowdUser(base, 'bench.dashboard', 1, 7);
    const sellerId = (
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }
    ).sub;
    await sql`update products set owner_id = ${sellerId} where owner_id = 'bench-user-1'`.execute(db);
    await sql`update users set time_zone = ${TIME_ZONE} where id = ${sellerId}`.execute(db);
    await sql`insert into klips (id, owner_id, status, title)
      select 'bench-klip-' || n, ${sellerId}, 'active', 'Bench klip ' || n from generate_series(1, ${KLIPS}) as n`.execute(
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
               t.type, 's' || (n % 200000), 'a' || (n % 50000), ${sellerId},
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
             ${sellerId}, 'product', lpad((1 + n % ${PRODUCTS})::text, 10, '0'), null, '', true
        from generate_series(1, ${TAIL_EVENTS}) as n`.execute(db);
    // As autovacuum leaves the tables some time after a bulk load: statistics and the visibility map (index-only scans).
    await sql`vacuum analyze`.execute(db);
    const daily = await sql<{ n: string }>`select count(*) as n from analytics_daily`.execute(db);
    console.log(
      `PostgreSQL: ${EVENTS} events of one seller in ${TIME_ZONE} (${PRODUCTS} products, ${KLIPS} klips) over 30 days, rolled up into ${daily.rows[0]!.n} daily rows in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s, plus ${TAIL_EVENTS} in the live tail`,
    );

    const reads = createAnalyticsReads(db);
    const klipIds = Array.from({ length: KLIPS }, (_, index) => klipId(index + 1));
    async function statsRead(period: '7d' | '30d'): Promise<number> {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/dashboard/stats?period=${period}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`stats ${period}: ${response.status} ${body}`);
      return performance.now() - started;
    }
    /** Each analytics read of a 30-day stats answer, alone (AnalyticsReads on the bench's own connection). */
    const to = day(now);
    const from = day(now - 29 * DAY_MS);
    const singleReads: Array<[string, () => Promise<unknown>]> = [
      ['totals', () => reads.totals(sellerId, from, to)],
      ['daily', () => reads.daily(sellerId, from, to)],
      [
        'top products by views',
        () => reads.topItems(sellerId, from, to, { itemType: 'product', types: ['product_view'], limit: 10 }),
      ],
      [
        'top products by contacts',
        () =>
          reads.topItems(sellerId, from, to, {
            itemType: 'product',
            types: ['contact_click', 'quote_request'],
            limit: 10,
          }),
      ],
      ['klip funnel', () => reads.klipFunnel(sellerId, from, to, klipIds)],
    ];
    async function productRead(n: number): Promise<number> {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/products/${productId(1 + ((n * 131) % PRODUCTS))}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`product read ${response.status}`);
      return performance.now() - started;
    }
    // Warm-up.
    for (let round = 0; round < 20; round += 1) {
      await statsRead(round % 2 === 0 ? '7d' : '30d');
      await productRead(round);
    }
    const week: number[] = [];
    const month: number[] = [];
    const product: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      (round % 2 === 0 ? week : month).push(await statsRead(round % 2 === 0 ? '7d' : '30d'));
      product.push(await productRead(round));
    }
    for (const list of [week, month, product]) list.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const p95 = (list: number[]) => percentile(list, 95);
    console.log(
      `  stats 7d            ${String(week.length).padStart(5)}   p50 ${ms(percentile(week, 50))}   p95 ${ms(p95(week))}`,
    );
    console.log(
      `  stats 30d           ${String(month.length).padStart(5)}   p50 ${ms(percentile(month, 50))}   p95 ${ms(p95(month))}`,
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
        `  stats ${label} p95 / product read p95   ${ratio.toFixed(2)} (goal <= ${GOAL}): ${verdict(ratio <= GOAL)}`,
      );
    }
    console.log('Analytics reads of a 30-day answer, each alone (p50 of 20)');
    for (const [label, read] of singleReads) {
      const times: number[] = [];
      for (let round = 0; round < 20; round += 1) {
        const started = performance.now();
        await read();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`  ${label.padEnd(26)} ${ms(percentile(times, 50))}`);
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
