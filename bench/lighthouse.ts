// `npm run bench:lighthouse`: Lighthouse mobile performance scores (default mobile form factor and simulated
// throttling) of /, /shop, /product/{id} and /klips (decisions 0018, 0047) of the built production app with the demo
// marketplace seeded. Goal: at least 95 on every page. Each page is measured RUNS times, rounds alternating between the
// pages so that drift in the machine's speed hits all alike; the verdict is on the median. For each page it prints the
// metrics of the median run and the failing audits with the largest estimated savings, so that a developer knows what
// to fix. Debian's Chromium (/usr/bin/chromium), launched here headless with a fresh profile; never a downloaded
// browser. The client is built here, as `npm start` builds it (vite build) but always with NODE_ENV=production and into
// a scratch folder: dist/client may hold a build made under NODE_ENV=test (the browser tests build it from inside
// Vitest), which bundles React's development build, and others may rebuild it while this runs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../scripts/ensure-chromium.ts';
import { DEMO_KLIPS } from '../src/server/seed/demo-klips.ts';
import { findFreePort } from '../src/server/test/free-port.ts';
import { startChildServer } from './support/child-server.ts';

const GOAL = 95;
const RUNS = Number(process.env.BENCH_ROUNDS ?? 3);
const TOP_AUDITS = 5;
const ATTEMPTS = 3;
const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM_START_MS = 30_000;
const CHROMIUM_STOP_MS = 5_000;
const SERVER_STOP_MS = 15_000;
const KLIPS_DEADLINE_MS = 15 * 60_000;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
] as const;

type Page = { name: string; url: string; results: Result[] };
type Stoppable = { stop(): Promise<void> };

const stops: Stoppable[] = [];

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Resolves once Chromium says its DevTools endpoint listens; keeps draining stderr so Chromium never blocks. */
function waitForDevTools(child: ChildProcess): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not open DevTools in ${CHROMIUM_START_MS} ms:\n${output}`)),
      CHROMIUM_START_MS,
    );
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${output}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (!output.includes('DevTools listening on')) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

async function launchChromium(): Promise<{ port: number } & Stoppable> {
  const port = await findFreePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-lighthouse-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, CHROMIUM_STOP_MS))) {
      child.kill('SIGKILL');
      await waitForExit(child, CHROMIUM_STOP_MS);
    }
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await waitForDevTools(child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, stop };
}

/** A production build of the client in a scratch folder. */
function buildClient(): { dir: string } & Stoppable {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-lighthouse-client-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const build = spawnSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) {
    remove();
    throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  }
  return { dir, stop: async () => remove() };
}

/** The seeded server in its own process; a stop that waits at most SERVER_STOP_MS (after Ctrl-C it may be gone). */
async function startSeededApp(clientDir: string): Promise<{ baseUrl: string } & Stoppable> {
  const script = path.join(import.meta.dirname, 'support', 'serve-seeded-app.ts');
  const server = await startChildServer(script, [clientDir]);
  const stop = () =>
    Promise.race([server.stop(), new Promise<void>((resolve) => setTimeout(resolve, SERVER_STOP_MS))]);
  return { baseUrl: `http://127.0.0.1:${server.port}`, stop };
}

async function findDemoProductId(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/content?type=product&status=active&limit=1`);
  const body = (await response.json()) as { items?: { id: string }[] };
  const id = body.items?.[0]?.id;
  if (!response.ok || !id) throw new Error(`no seeded product: ${response.status} ${JSON.stringify(body)}`);
  return id;
}

/**
 * Waits until the demo klips are playable: the seed writes them at once, their videos are drawn and transcoded by
 * jobs after the server listens, and /klips measured before that would be a page of skeletons or a short list.
 */
async function waitForDemoKlips(baseUrl: string): Promise<void> {
  const deadline = Date.now() + KLIPS_DEADLINE_MS;
  for (;;) {
    const response = await fetch(
      `${baseUrl}/api/v1/content?type=klip&status=active&limit=${DEMO_KLIPS.length}`,
    );
    const body = (await response.json()) as { items?: unknown[] };
    const active = body.items?.length ?? 0;
    if (active >= DEMO_KLIPS.length) return;
    if (Date.now() > deadline)
      throw new Error(`only ${active}/${DEMO_KLIPS.length} demo klips were playable`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** One Lighthouse run; a run that Lighthouse itself reports as broken (NO_FCP, NO_NAVSTART, ...) is run again. */
async function runLighthouse(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error' });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    const problem = lhr.runtimeError?.message ?? (lhr.categories.performance?.score == null && 'no score');
    if (!problem) return lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${problem}`);
    console.warn(`  (run again: ${new URL(url).pathname}: ${lhr.runtimeError?.code ?? problem})`);
  }
}

const scoreOf = (lhr: Result) => Math.round(lhr.categories.performance!.score! * 100);

function findMedianRun(results: Result[]): Result {
  return [...results].sort((a, b) => scoreOf(a) - scoreOf(b))[Math.floor(results.length / 2)]!;
}

function formatMetrics(lhr: Result): string {
  return METRICS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
}

/** Estimated score points an audit's savings would bring: each metric's saving as a share of it, by weight. */
function estimateImpact(lhr: Result, audit: Result['audits'][string]): number {
  const refs = lhr.categories.performance!.auditRefs;
  let impact = 0;
  for (const [acronym, saving] of Object.entries(audit.metricSavings ?? {})) {
    const metric = refs.find((ref) => ref.acronym === acronym);
    const value = metric && lhr.audits[metric.id]?.numericValue;
    if (metric && value && saving) impact += (saving / value) * metric.weight;
  }
  return impact;
}

function formatSavings(audit: Result['audits'][string]): string {
  const parts = Object.entries(audit.metricSavings ?? {})
    .filter(([, saving]) => saving)
    .map(([acronym, saving]) =>
      acronym === 'CLS' ? `CLS -${saving!.toFixed(3)}` : `${acronym} -${Math.round(saving!)} ms`,
    );
  const details = audit.details as { overallSavingsBytes?: number } | undefined;
  if (details?.overallSavingsBytes) parts.push(`${Math.round(details.overallSavingsBytes / 1024)} KiB`);
  return parts.length > 0 ? parts.join(', ') : 'no estimate';
}

/** Failing insights and diagnostics (score below 0.9, as the report shows them), largest estimated savings first. */
function findTopFailingAudits(lhr: Result): string[] {
  const failing = lhr.categories
    .performance!.auditRefs.filter((ref) => ref.group === 'insights' || ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => typeof audit.score === 'number' && audit.score < 0.9);
  return failing
    .map((audit) => ({ audit, impact: estimateImpact(lhr, audit) }))
    .sort((a, b) => b.impact - a.impact || a.audit.score! - b.audit.score!)
    .slice(0, TOP_AUDITS)
    .map(({ audit }) => `${audit.id}  ${audit.title}  (${formatSavings(audit)})`);
}

/** Prints one page's lines; returns whether its median meets the goal. */
function reportPage(page: Page): boolean {
  const scores = page.results.map(scoreOf);
  const medianRun = findMedianRun(page.results);
  const median = scoreOf(medianRun);
  const passed = median >= GOAL;
  console.log(
    `  ${page.name.padEnd(14)} scores ${scores.join(', ')}  median ${median}  ratio ${(median / GOAL).toFixed(2)}: ${passed ? 'PASS' : 'FAIL'}`,
  );
  console.log(`    median run: ${formatMetrics(medianRun)}`);
  const audits = findTopFailingAudits(medianRun);
  console.log(
    audits.length > 0 ? '    failing audits, largest estimated savings first:' : '    no failing audits',
  );
  for (const line of audits) console.log(`      ${line}`);
  return passed;
}

async function stopAll(): Promise<void> {
  for (const item of stops.splice(0).reverse()) await item.stop().catch((error) => console.error(error));
}

process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

ensureChromium('bench:lighthouse needs');
console.log(
  `bench:lighthouse  mobile performance, ${RUNS} runs per page, goal >= ${GOAL} (the build, the seed and the demo klips' videos take 5-10 min)`,
);
try {
  const client = buildClient();
  stops.push(client);
  const app = await startSeededApp(client.dir);
  stops.push(app);
  const productId = await findDemoProductId(app.baseUrl);
  await waitForDemoKlips(app.baseUrl);
  const chromium = await launchChromium();
  stops.push(chromium);

  const pages: Page[] = ['/', '/shop', `/product/${productId}`, '/klips'].map((pathname) => ({
    name: pathname.startsWith('/product/') ? '/product/{id}' : pathname,
    url: `${app.baseUrl}${pathname}`,
    results: [],
  }));
  for (let round = 0; round < RUNS; round += 1) {
    for (const page of pages) page.results.push(await runLighthouse(page.url, chromium.port));
  }

  const first = pages[0]!.results[0]!;
  const benchmarkIndexes = pages.flatMap((page) => page.results.map((lhr) => lhr.environment.benchmarkIndex));
  console.log(
    `  Lighthouse ${first.lighthouseVersion}, ${first.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, benchmark index ${Math.min(...benchmarkIndexes)}-${Math.max(...benchmarkIndexes)}, product ${productId}`,
  );
  const passed = pages.map(reportPage);
  process.exitCode = passed.every(Boolean) ? 0 : 1;
} finally {
  await stopAll();
}
