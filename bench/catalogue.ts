// `npm run bench:catalogue`: the product listing route (GET /api/v1/content?type=product) through the full app.
//   1. PostgreSQL at 10 k and 1 M products: first page vs a cursor at 90 % depth; all vs category vs category +
//      price range. Goal: p99 within 1.2x across depth and size.
//   2. At 1 M: requests per second vs the same route answering the same 12 items from memory. Goal: >= 0.4.
//      Measured as served (pages cached for LIST_CACHE_MS) and with every request going to the database; the
//      other figures always go to the database.
//   3. Search over 1 M: p95 vs the listing page's p95. Goal: <= 3x.
//   4. PGlite at 100 k vs PostgreSQL at 100 k, first page. Goal: >= 0.5 of PostgreSQL's rate.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); it creates
// and drops its own databases. BENCH_SIZES=10000,1000000 and BENCH_SECONDS change the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { createJobsRepository } from '../src/server/jobs/jobs.repository.ts';
import { createLogger } from '../src/server/logger.ts';
import {
  createProductsService,
  type ProductsService,
} from '../src/server/modules/products/products.service.ts';
import { createOfferSchedule } from '../src/server/modules/offers/offer-schedule.ts';
import { createStorage } from '../src/server/storage/create-storage.ts';
import { ProductListQuerySchema } from '../src/shared/contracts/products.ts';
import { encodeCursor } from '../src/server/modules/content/content-cursor.ts';
import { createPgDatabase, fillProducts } from './support/bench-database.ts';
import { ensureWrk, measureWarm, printStats, verdict, type WrkStats } from './support/wrk.ts';

const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const PGLITE_SIZE = Number(process.env.BENCH_PGLITE_SIZE ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const LIST = '/api/v1/content?type=product&status=active&limit=12';

ensureWrk('bench:catalogue needs');

type StartOptions = { products?: ProductsService; listCacheMs?: number };

/** The app on a database; with listCacheMs 0 (the default here) every request goes to the database. */
async function startApp(database: Database, { products, listCacheMs = 0 }: StartOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-catalogue-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    // Production starts only with it (decision 0049); the port is picked at listen.
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '100000000',
    LIST_CACHE_MS: String(listCacheMs),
  });
  const service =
    products ??
    // The benchmark only reads: no write has a list cache to clear.
    createProductsService({
      db: database.db,
      config,
      clearContentLists: () => {},
      offerSchedule: createOfferSchedule(database.db),
    });
  const app = await createApp({
    config,
    database,
    storage: createStorage(config),
    jobs: createJobsRepository(database.db),
    logger: createLogger(config, '/dev/null'),
    clientDir: null,
    products: service,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    service,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The cursor a client holds after paging 90 % of the way through the newest-first list. */
async function cursorAtDepth(database: Database, depth: number): Promise<string> {
  const row = await sql<{ created_at: Date; id: string }>`select created_at, id from products
    order by created_at desc, id desc offset ${depth} limit 1`.execute(database.db);
  const last = row.rows[0]!;
  return encodeCursor({
    kind: 'newest',
    createdAt: new Date(last.created_at).toISOString(),
    id: last.id,
    total: depth,
  });
}

const measure = (url: string): Promise<WrkStats> =>
  measureWarm(url, { seconds: SECONDS, connections: CONNECTIONS });

const line = (label: string, stats: WrkStats) => printStats(label, stats, 34);

const p99s: number[] = [];
let largest:
  { size: number; list: WrkStats; cached: WrkStats; search: WrkStats; memory: WrkStats } | undefined;
let pgAtPgliteSize: WrkStats | undefined;

for (const size of [...new Set([...SIZES, PGLITE_SIZE])].sort((a, b) => a - b)) {
  const { database, drop } = await createPgDatabase(`lootklip_bench_catalogue_${size}`);
  try {
    const started = performance.now();
    await fillProducts(database, size);
    console.log(
      `PostgreSQL, ${size} products (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    const app = await startApp(database);
    try {
      const cursor = await cursorAtDepth(database, Math.floor(size * 0.9));
      const first = await measure(`${app.base}${LIST}`);
      line('first page, all', first);
      if (size === PGLITE_SIZE) pgAtPgliteSize = first;
      if (!SIZES.includes(size)) continue;
      const deep = await measure(`${app.base}${LIST}&lastEvaluatedKey=${cursor}`);
      line('cursor at 90 % depth, all', deep);
      const category = await measure(`${app.base}${LIST}&category=Electronics`);
      line('category', category);
      const priced = await measure(`${app.base}${LIST}&category=Electronics&minPrice=1000&maxPrice=20000`);
      line('category + price range', priced);
      p99s.push(first.p99Ms, deep.p99Ms, category.p99Ms, priced.p99Ms);
      if (size === Math.max(...SIZES)) {
        const search = await measure(`${app.base}${LIST}&search=wireless%20head`);
        line('search "wireless head"', search);
        const page = await app.service.list(ProductListQuerySchema.parse({ type: 'product' }));
        const memoryApp = await startApp(database, { products: { ...app.service, list: async () => page } });
        const cachedApp = await startApp(database, { listCacheMs: 1000 });
        try {
          const memory = await measure(`${memoryApp.base}${LIST}`);
          line('same 12 items from memory', memory);
          const cached = await measure(`${cachedApp.base}${LIST}`);
          line('first page, LIST_CACHE_MS 1000', cached);
          largest = { size, list: first, cached, search, memory };
        } finally {
          await memoryApp.close();
          await cachedApp.close();
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await drop();
  }
}

const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-pglite-'));
const pglite = await openDatabase({ dataDir: pgliteDir });
let pgliteStats: WrkStats;
try {
  await migrate(pglite);
  await fillProducts(pglite, PGLITE_SIZE);
  console.log(`PGlite, ${PGLITE_SIZE} products`);
  const app = await startApp(pglite);
  try {
    pgliteStats = await measure(`${app.base}${LIST}`);
    line('first page, all', pgliteStats);
  } finally {
    await app.close();
  }
} finally {
  await pglite.close();
  fs.rmSync(pgliteDir, { recursive: true, force: true });
}

console.log('Ratios');
const spread = Math.max(...p99s) / Math.min(...p99s);
console.log(
  `  p99 spread across depth, filters and size  ${spread.toFixed(2)}x (goal <= 1.2x): ${verdict(spread <= 1.2)}`,
);
if (largest) {
  // As served (LIST_CACHE_MS 1000), and every request to the database, side by side.
  const memoryRatio = largest.cached.rps / largest.memory.rps;
  const uncachedRatio = largest.list.rps / largest.memory.rps;
  console.log(
    `  ${largest.size} products vs from memory           ${memoryRatio.toFixed(2)} (goal >= 0.4): ${verdict(memoryRatio >= 0.4)}; every request to the database: ${uncachedRatio.toFixed(2)}`,
  );
  const searchRatio = largest.search.p95Ms / largest.list.p95Ms;
  console.log(
    `  search p95 / listing p95                      ${searchRatio.toFixed(2)}x (goal <= 3x): ${verdict(searchRatio <= 3)}`,
  );
}
if (pgAtPgliteSize) {
  const ratio = pgliteStats.rps / pgAtPgliteSize.rps;
  console.log(
    `  PGlite / PostgreSQL at ${PGLITE_SIZE}               ${ratio.toFixed(2)} (goal >= 0.5): ${verdict(ratio >= 0.5)}`,
  );
}
process.exit(0);
