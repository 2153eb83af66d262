// `npm run bench:search`: the marketplace search (decision 0082) through the full app, on PostgreSQL with 1 M
// products and 200 k active klips (each featuring one product; words from a small vocabulary, so that common and
// rare words exist).
//   1. At 1 and 10 connections, p50/p95/p99 of the product listing page (the baseline) and of the searches: one
//      section for a common query, a rare word, a prefix and a typo; every section at once; suggestions. Each
//      search's p95 as a ratio of the listing's in the same run. Goals at 10 connections: G4, a search's p95 at
//      most 3x the listing's; suggestions at most 1x.
//   2. PGlite at 100 k products and 20 k klips, the same at 1 connection, beside PostgreSQL at 100 k.
//   3. The plan (EXPLAIN ANALYZE, BUFFERS) of the slowest search's slowest statement at the largest size; of every
//      search's slowest statement with BENCH_PLANS=all.
//   4. At the largest size, the designs decision 0082 weighed side by side (bench/support/search-designs.ts): each
//      built beside the app's structures and its products search run for a common word, a rare one and a prefix at
//      1 and 10 connections, straight on the database; p95 as a ratio of the kept design's. BENCH_DESIGNS=off skips.
// Needs a PostgreSQL server: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); it creates and
// drops its own databases. BENCH_SIZES (products, default 1000000; klips are a fifth), BENCH_PGLITE_SIZE (default
// 100000, at most the largest size) and BENCH_SECONDS (default 10) change the run.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type CompiledQuery } from 'kysely';
import { openDatabase, type Database } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import type { Executor } from '../src/server/db/transaction.ts';
import { createPostgresSearchEngine } from '../src/server/modules/search/postgres-search.repository.ts';
import { interpretQuery } from '../src/server/modules/search/search-query.repository.ts';
import { SEARCH_SECTION_PREVIEW, SEARCH_SUGGESTIONS_MAX } from '../src/shared/constants.ts';
import { ANONYMOUS_READER } from '../src/shared/domain/privacy.ts';
import {
  addRareProductWord,
  BENCH_RARE_WORD,
  createPgDatabase,
  fillKlips,
  fillProducts,
  withSearchTermsAfter,
} from './support/bench-database.ts';
import { ensureDebianPackage } from '../scripts/ensure-debian-package.ts';
import { startBenchApp } from './support/bench-app.ts';
import { SEARCH_DESIGNS, type SearchDesign } from './support/search-designs.ts';
import { ensureWrk, verdict, WRK } from './support/wrk.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000000').split(',').map(Number);
const LARGEST = Math.max(...SIZES);
const PGLITE_SIZE = Math.min(Number(process.env.BENCH_PGLITE_SIZE ?? 100_000), LARGEST);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KLIPS_PER_PRODUCT = 0.2;
const CONNECTIONS = [1, 10];
/** G4 (decision 0082): a search's p95 at most this many times the listing's at 10 connections. */
const SEARCH_GOAL = 3;
const SUGGESTIONS_GOAL = 1;
const GOAL_CONNECTIONS = 10;
const PLAN_LINES = 40;

ensureWrk('bench:search needs');
// For the RUM design of part 4 on this machine's PostgreSQL 15; without it (not root), that design is skipped.
ensureDebianPackage(
  '/usr/share/postgresql/15/extension/rum.control',
  'postgresql-15-rum',
  "bench:search's RUM design needs",
  {
    preferred: true,
  },
);

type Kind = 'listing' | 'section' | 'all' | 'suggestions';
interface Probe {
  label: string;
  kind: Kind;
  /** What is typed (searches). */
  q?: string;
}

const PROBES: Probe[] = [
  { label: 'listing page (baseline)', kind: 'listing' },
  { label: 'products "wireless head" (common)', kind: 'section', q: 'wireless head' },
  { label: `products "${BENCH_RARE_WORD}" (rare)`, kind: 'section', q: BENCH_RARE_WORD },
  { label: 'products "headph" (prefix)', kind: 'section', q: 'headph' },
  { label: 'products "headphnes" (typo)', kind: 'section', q: 'headphnes' },
  { label: 'every section "wireless head"', kind: 'all', q: 'wireless head' },
  { label: 'suggestions "headph"', kind: 'suggestions', q: 'headph' },
  { label: 'suggestions "wireless head"', kind: 'suggestions', q: 'wireless head' },
];

function pathOf({ kind, q = '' }: Probe): string {
  const query = encodeURIComponent(q);
  switch (kind) {
    case 'listing':
      return '/api/v1/content?type=product&status=active&limit=12';
    case 'section':
      return `/api/v1/search/products?q=${query}`;
    case 'all':
      return `/api/v1/search?q=${query}`;
    case 'suggestions':
      return `/api/v1/search/suggestions?q=${query}`;
  }
}

interface Stats {
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** wrk's non-2xx answers and socket errors (a statement timeout answers 503): the run goes on, and fails. */
  errors: string;
}

const execFileAsync = promisify(execFile);
const LATENCY_SCRIPT = path.join(os.tmpdir(), `lootklip-bench-search-${process.pid}.lua`);
fs.writeFileSync(
  LATENCY_SCRIPT,
  `done = function(summary, latency, requests)
  io.write(string.format("P50 %d\\nP95 %d\\nP99 %d\\n", latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`,
);

/**
 * wrk for `seconds` after a one-second warm-up whose figures are thrown away, with p50 too (bench/support/wrk.ts
 * reports p95 and p99). Asynchronous, so that the app in this process keeps answering; its timeout is long so that
 * a slow answer counts in the percentiles instead of as an error.
 */
async function measure(url: string, connections: number, seconds = SECONDS): Promise<Stats> {
  const run = async (duration: number) => {
    const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '60s', '-s', LATENCY_SCRIPT, url];
    const { stdout, stderr } = await execFileAsync(WRK, args, { encoding: 'utf8' });
    const number = (pattern: RegExp) => {
      const match = pattern.exec(stdout)?.[1];
      if (match === undefined) throw new Error(`wrk gave no numbers:\n${stdout}\n${stderr}`);
      return Number(match);
    };
    const errors = [/Non-2xx or 3xx responses: \d+/, /Socket errors: .*/]
      .map((pattern) => pattern.exec(stdout)?.[0])
      .filter(Boolean)
      .join(', ');
    return {
      rps: number(/Requests\/sec:\s+([\d.]+)/),
      p50Ms: number(/P50 (\d+)/) / 1000,
      p95Ms: number(/P95 (\d+)/) / 1000,
      p99Ms: number(/P99 (\d+)/) / 1000,
      errors,
    };
  };
  await run(1);
  return run(seconds);
}

/** What one answer holds, so that a search that finds nothing (or everything) shows: "found 1000", "12 + 1000". */
async function found(base: string, probe: Probe): Promise<string> {
  const response = await fetch(`${base}${pathOf(probe)}`);
  if (!response.ok) return `answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
  const body = (await response.json()) as Record<string, unknown>;
  switch (probe.kind) {
    case 'listing':
      return `${(body.items as unknown[]).length} items`;
    case 'section':
      return `found ${String(body.total)}`;
    case 'suggestions':
      return `${(body.items as unknown[]).length} suggestions`;
    case 'all': {
      const totals = ['products', 'klips', 'shopstars', 'offers'].map(
        (section) => `${(body[section] as { total: number }).total}`,
      );
      return `found ${totals.join('/')}${body.searchedFor === probe.q ? '' : ` as "${String(body.searchedFor)}"`}`;
    }
  }
}

type Results = Map<string, Stats>;
const key = (probe: Probe, connections: number) => `${probe.label}@${connections}`;

const header = (first: string) =>
  console.log(
    `  ${first.padEnd(38)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}   p95/listing`,
  );

function row(label: string, stats: Stats, listing: Stats, note: string) {
  const ratio = label === PROBES[0]!.label ? '' : `${(stats.p95Ms / listing.p95Ms).toFixed(2)}x`.padStart(11);
  console.log(
    `  ${label.padEnd(38)} ${stats.rps.toFixed(0).padStart(6)} ${stats.p50Ms.toFixed(2).padStart(8)} ${stats.p95Ms.toFixed(2).padStart(8)} ${stats.p99Ms.toFixed(2).padStart(8)}   ${ratio.padEnd(11)}  ${[note, stats.errors].filter(Boolean).join('; ')}`,
  );
}

/** Every probe at these connection counts, printed as measured. */
async function measureAll(database: Database, connectionCounts: number[]): Promise<Results> {
  const results: Results = new Map();
  const app = await startBenchApp(database);
  try {
    const notes = new Map<string, string>();
    for (const probe of PROBES) notes.set(probe.label, await found(app.base, probe));
    for (const connections of connectionCounts) {
      header(`${connections} connection${connections === 1 ? '' : 's'}`);
      for (const probe of PROBES) {
        const stats = await measure(`${app.base}${pathOf(probe)}`, connections);
        results.set(key(probe, connections), stats);
        row(probe.label, stats, results.get(key(PROBES[0]!, connections))!, notes.get(probe.label)!);
      }
    }
  } finally {
    await app.close();
  }
  return results;
}

/** Products, klips, the search terms in one statement, the rare word, statistics; the time of each printed. */
async function fill(database: Database, products: number): Promise<string> {
  const klips = Math.round(products * KLIPS_PER_PRODUCT);
  const seconds = (since: number) => (performance.now() - since) / 1000;
  const times: Record<string, number> = {};
  const timed = async (label: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    times[label] = seconds(started);
  };
  const started = performance.now();
  await timed('search terms', () =>
    withSearchTermsAfter(database, async () => {
      await timed('products', () => fillProducts(database, products));
      await timed('klips', () => fillKlips(database, klips, products));
    }),
  );
  times['search terms']! -= times.products! + times.klips!;
  await timed('rare word', () => addRareProductWord(database, products));
  await timed('vacuum analyze', () => database.withSession((session) => session.exec('vacuum analyze')));
  const terms = await sql<{ count: string }>`select count(*) from search_terms`.execute(database.db);
  const parts = Object.entries(times).map(([label, time]) => `${label} ${time.toFixed(0)} s`);
  return `${products} products, ${klips} klips, ${terms.rows[0]!.count} search terms (filled in ${seconds(started).toFixed(0)} s: ${parts.join(', ')})`;
}

/** The engine's statements for one probe's search, as the app runs them (read through Kysely's executor). */
async function statementsOf(db: Executor, probe: Probe): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const capturing = new Proxy(db, {
    get(target, property) {
      if (property !== 'getExecutor') {
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return () => {
        const executor = target.getExecutor();
        return new Proxy(executor, {
          get(inner, name) {
            if (name === 'executeQuery')
              return (query: CompiledQuery) => {
                seen.push(query);
                return inner.executeQuery(query);
              };
            const value: unknown = Reflect.get(inner, name);
            return typeof value === 'function'
              ? (value as (...args: unknown[]) => unknown).bind(inner)
              : value;
          },
        });
      };
    },
  });
  const engine = createPostgresSearchEngine(capturing);
  const request = { text: probe.q ?? '', reader: ANONYMOUS_READER, now: new Date() };
  if (probe.kind === 'section') await engine.searchSection('products', request, { limit: 12 });
  if (probe.kind === 'all') {
    await engine.searchAll(request, SEARCH_SECTION_PREVIEW);
  }
  if (probe.kind === 'suggestions') await engine.suggest(request, SEARCH_SUGGESTIONS_MAX);
  return seen;
}

/** The slowest of the probe's statements by EXPLAIN (ANALYZE, BUFFERS), its plan's first lines printed. */
async function printSlowestPlan(database: Database, probe: Probe) {
  const statements = await statementsOf(database.db, probe);
  const plans = await database.withSession(async (session) => {
    const explained: { lines: string[]; ms: number }[] = [];
    for (const statement of statements) {
      const rows = await session.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.sql}`,
        [...statement.parameters],
      );
      const lines = rows.map((line) => line['QUERY PLAN']);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
      explained.push({ lines, ms });
    }
    return explained;
  });
  const slowest = plans.reduce((a, b) => (b.ms > a.ms ? b : a));
  console.log(
    `Plan of ${probe.label}: statement ${plans.indexOf(slowest) + 1}, the slowest of its ${plans.length} (${plans.map((plan) => plan.ms.toFixed(1)).join(', ')} ms), first ${PLAN_LINES} lines`,
  );
  for (const line of slowest.lines.slice(0, PLAN_LINES)) console.log(`  ${line}`);
}

/** Latencies of `work` run back to back by `connections` callers for `seconds`, after a second's warm-up. */
async function load(work: () => Promise<unknown>, connections: number, seconds = SECONDS) {
  const run = async (duration: number) => {
    const latencies: number[] = [];
    const until = performance.now() + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          await work();
          latencies.push(performance.now() - started);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (percentile: number) => latencies[Math.floor((latencies.length - 1) * percentile)]!;
    return { rps: latencies.length / duration, p50Ms: at(0.5), p95Ms: at(0.95) };
  };
  await run(1);
  return run(seconds);
}

const DESIGN_PROBES = PROBES.filter((probe) => probe.kind === 'section' && probe.q !== 'headphnes');

/** Part 4: every design of SEARCH_DESIGNS built, measured beside the kept one, and dropped. */
async function measureDesigns(database: Database) {
  const now = new Date();
  const queries = await Promise.all(DESIGN_PROBES.map((probe) => interpretQuery(database.db, probe.q!)));
  const kept = SEARCH_DESIGNS.find((design) => design.label.endsWith('(kept)'))!;
  const keptPages = await Promise.all(queries.map((query) => kept.search(database.db, query, now)));
  const p95s = new Map<string, number>();
  const lines: string[] = [];
  const measureDesign = async (design: SearchDesign) => {
    const missing = await design.unavailable?.(database);
    if (missing) {
      lines.push(`  ${design.label.padEnd(38)} skipped: ${missing}`);
      return;
    }
    const started = performance.now();
    await design.build?.(database);
    const built = design.build ? `built in ${((performance.now() - started) / 1000).toFixed(0)} s` : '';
    try {
      for (const [index, probe] of DESIGN_PROBES.entries()) {
        const query = queries[index]!;
        const page = await design.search(database.db, query, now);
        const same =
          page.join() === keptPages[index]!.join() ? '' : 'a different first page than the kept design';
        const figures = [];
        for (const connections of CONNECTIONS) {
          const stats = await load(() => design.search(database.db, query, now), connections);
          p95s.set(`${design.label}|${probe.label}@${connections}`, stats.p95Ms);
          const keptP95 = p95s.get(`${kept.label}|${probe.label}@${connections}`)!;
          figures.push(
            `${stats.p95Ms.toFixed(1).padStart(7)} ${`${(stats.p95Ms / keptP95).toFixed(2)}x`.padStart(7)}`,
          );
        }
        lines.push(
          `  ${(index === 0 ? design.label : '').padEnd(38)} ${probe.label.padEnd(36)} ${figures.join('   ')}   ${[index === 0 ? built : '', same].filter(Boolean).join('; ')}`,
        );
      }
    } finally {
      await design.drop?.(database);
    }
  };
  // The kept design first: the others' ratios are to it.
  for (const design of [kept, ...SEARCH_DESIGNS.filter((design) => design !== kept)])
    await measureDesign(design);
  console.log(
    `The designs side by side (products, ${SEARCH_DESIGNS.length} designs, straight on the database; p95 ms and its ratio to the kept design's)`,
  );
  console.log(
    `  ${'design'.padEnd(38)} ${'search'.padEnd(36)} ${CONNECTIONS.map((connections) => `${`p95 @${connections}`.padStart(7)} ${'ratio'.padStart(7)}`).join('   ')}`,
  );
  for (const line of lines) console.log(line);
}

const pgResults = new Map<number, Results>();
for (const size of [...new Set([...SIZES, PGLITE_SIZE])].sort((a, b) => a - b)) {
  const { database, drop } = await createPgDatabase(`lootklip_bench_search_${size}`);
  try {
    console.log(`PostgreSQL, ${await fill(database, size)}`);
    // Beside PGlite only: one connection.
    pgResults.set(size, await measureAll(database, SIZES.includes(size) ? CONNECTIONS : [1]));
    if (size === LARGEST) {
      const searches = PROBES.filter((probe) => probe.kind !== 'listing');
      const slowest = searches.reduce((a, b) =>
        pgResults.get(size)!.get(key(b, GOAL_CONNECTIONS))!.p95Ms >
        pgResults.get(size)!.get(key(a, GOAL_CONNECTIONS))!.p95Ms
          ? b
          : a,
      );
      for (const probe of process.env.BENCH_PLANS === 'all' ? searches : [slowest])
        await printSlowestPlan(database, probe);
      if (process.env.BENCH_DESIGNS !== 'off') await measureDesigns(database);
    }
  } finally {
    await drop();
  }
}

const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-search-pglite-'));
const pglite = await openDatabase({ dataDir: pgliteDir });
let pgliteResults: Results;
try {
  await migrate(pglite);
  console.log(`PGlite, ${await fill(pglite, PGLITE_SIZE)}`);
  pgliteResults = await measureAll(pglite, [1]);
} finally {
  await pglite.close();
  fs.rmSync(pgliteDir, { recursive: true, force: true });
}

console.log(`PGlite vs PostgreSQL at ${PGLITE_SIZE} products, 1 connection`);
console.log(
  `  ${''.padEnd(38)} ${'PGlite p95'.padStart(11)} ${'PostgreSQL p95'.padStart(15)}   PGlite/PostgreSQL`,
);
for (const probe of PROBES) {
  const lite = pgliteResults.get(key(probe, 1))!;
  const pg = pgResults.get(PGLITE_SIZE)!.get(key(probe, 1))!;
  console.log(
    `  ${probe.label.padEnd(38)} ${lite.p95Ms.toFixed(2).padStart(11)} ${pg.p95Ms.toFixed(2).padStart(15)}   ${(lite.p95Ms / pg.p95Ms).toFixed(2)}x`,
  );
}

console.log(`Goals (PostgreSQL, ${LARGEST} products, ${GOAL_CONNECTIONS} connections, p95 / listing p95)`);
const largest = pgResults.get(LARGEST)!;
const listing = largest.get(key(PROBES[0]!, GOAL_CONNECTIONS))!;
for (const probe of PROBES.slice(1)) {
  const goal = probe.kind === 'suggestions' ? SUGGESTIONS_GOAL : SEARCH_GOAL;
  const stats = largest.get(key(probe, GOAL_CONNECTIONS))!;
  const ratio = stats.p95Ms / listing.p95Ms;
  const ok = ratio <= goal && !stats.errors && !listing.errors;
  console.log(
    `  ${probe.kind === 'suggestions' ? '   ' : 'G4 '}${probe.label.padEnd(38)} ${ratio.toFixed(2).padStart(6)}x (goal <= ${goal}x): ${verdict(ok)}${stats.errors ? ` (${stats.errors})` : ''}`,
  );
}
fs.rmSync(LATENCY_SCRIPT, { force: true });
process.exit(0);
