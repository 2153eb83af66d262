// The built production app with the demo marketplace seeded, as the browser benchmarks (bench:lighthouse,
// bench:long-tasks, bench:home-lcp) measure it, and the clean-up list they share. The client is built as `npm start`
// builds it (vite build) but always with NODE_ENV=production and into a scratch folder: dist/client may hold a build
// made under NODE_ENV=test (the browser tests build it from inside Vitest), which bundles React's development build,
// and others may rebuild it while a bench runs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_KLIPS } from '../../src/server/seed/demo-klips.ts';
import { startChildServer } from './child-server.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_STOP_MS = 15_000;
const KLIPS_DEADLINE_MS = 15 * 60_000;
const KLIPS_POLL_MS = 2000;

export type Stoppable = { stop(): Promise<void> };

/** What a bench started, stopped in reverse order at the end, on failure and on Ctrl-C. */
export function createStops(): { add<T extends Stoppable>(item: T): T; stopAll(): Promise<void> } {
  const items: Stoppable[] = [];
  const stopAll = async () => {
    for (const item of items.splice(0).reverse()) await item.stop().catch((error) => console.error(error));
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  return {
    add: (item) => {
      items.push(item);
      return item;
    },
    stopAll,
  };
}

/**
 * A production build of the client of the checkout at `root` (this one by default) in a scratch folder: the
 * browser's into `<scratch>/client` (the `dir` returned) and, where the checkout renders pages on the server
 * (decision 0080), the render into `<scratch>/server`, where the server looks for it beside the client.
 */
export function buildClient(root = ROOT): { dir: string } & Stoppable {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-client-'));
  const remove = () => fs.rmSync(scratch, { recursive: true, force: true });
  const builds = [['--outDir', path.join(scratch, 'client')]];
  if (fs.existsSync(path.join(root, 'src/client/entry-server.tsx')))
    builds.push(['--ssr', '--outDir', path.join(scratch, 'server')]);
  for (const args of builds) {
    const build = spawnSync(
      path.join(root, 'node_modules/.bin/vite'),
      ['build', ...args, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (build.status !== 0) {
      remove();
      throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
    }
  }
  return { dir: path.join(scratch, 'client'), stop: async () => remove() };
}

/**
 * The seeded server of the checkout at `root` (its own bench/support/serve-seeded-app.ts) in its own process; a
 * stop that waits at most SERVER_STOP_MS (after Ctrl-C it may be gone).
 */
export async function startSeededApp(
  clientDir: string,
  root = ROOT,
): Promise<{ baseUrl: string } & Stoppable> {
  const script = path.join(root, 'bench', 'support', 'serve-seeded-app.ts');
  const server = await startChildServer(script, [clientDir], process.env, root);
  const stop = () =>
    Promise.race([server.stop(), new Promise<void>((resolve) => setTimeout(resolve, SERVER_STOP_MS))]);
  return { baseUrl: `http://127.0.0.1:${server.port}`, stop };
}

export async function findDemoProductId(baseUrl: string): Promise<string> {
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
export async function waitForDemoKlips(baseUrl: string): Promise<void> {
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
    await new Promise((resolve) => setTimeout(resolve, KLIPS_POLL_MS));
  }
}

/** The seeded current app with the demo klips playable and a demo product's id: what every landing page needs. */
export async function startDemoMarketplace(
  stops: ReturnType<typeof createStops>,
): Promise<{ baseUrl: string; productId: string }> {
  const client = stops.add(buildClient());
  const app = stops.add(await startSeededApp(client.dir));
  const productId = await findDemoProductId(app.baseUrl);
  await waitForDemoKlips(app.baseUrl);
  return { baseUrl: app.baseUrl, productId };
}

/** The landing pages of the measured goals (decision 0020), by name and path. */
export function listLandingPages(productId: string): { name: string; pathname: string }[] {
  return ['/', '/shop', `/product/${productId}`, '/klips', '/offers'].map((pathname) => ({
    name: pathname.startsWith('/product/') ? '/product/{id}' : pathname,
    pathname,
  }));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
