// `npm run bench:bundle`: the JavaScript a first visit to a page must download before it can render, gzipped, per
// page (decision 0018 set 100 KB for / and /shop; server rendering of the landing pages sets 125 KB, see
// docs/plans/server-rendering-plan.md; decision 0047: /klips at most / + 15 KB, also with the phone's feed, the
// chunk a phone fetches at once). A production build with Vite's manifest into a scratch folder; a page's initial
// JavaScript is the entry chunk, its route module's chunk and every chunk either imports statically (the ones the
// browser fetches at once), plus the theme script of index.html.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { collectChunkFiles, type Manifest } from '../src/server/http/spa.ts';

const GOAL_KB = 125;
const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = [
  { page: '/', module: 'src/client/app/routes/home.tsx', goal: true },
  { page: '/shop', module: 'src/client/app/routes/shop.tsx', goal: true },
  { page: '/product/{id}', module: 'src/client/app/routes/product.tsx', goal: false },
  { page: '/klips', module: 'src/client/app/routes/klips.tsx', goal: false },
  { page: '/offers', module: 'src/client/app/routes/offers.tsx', goal: false },
  { page: '/shopstar/{u}', module: 'src/client/app/routes/creator-profile.tsx', goal: false },
  { page: '/shared-lootbox', module: 'src/client/app/routes/shared-lootbox.tsx', goal: false },
] as const;
/** /klips against /: at most this much more (decision 0047). */
const KLIPS_OVER_HOME_GOAL_KB = 15;
const KLIPS_FEED_MODULE = 'src/client/features/klips/components/klip-feed.tsx';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-bundle-'));
try {
  const build = spawnSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest names no entry');

  const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length;

  console.log(`bench:bundle  initial JavaScript per page, gzip (goal <= ${GOAL_KB} KB for / and /shop)`);
  let failed = false;
  const measure = (...modules: string[]) => {
    const files = new Set<string>(['theme-init.js']);
    collectChunkFiles(manifest, entryKey, files);
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`${module} is not a chunk of the build`);
      collectChunkFiles(manifest, module, files);
    }
    return { files, kb: [...files].reduce((sum, file) => sum + gzipSize(file), 0) / 1024 };
  };
  for (const { page, module, goal } of PAGES) {
    const { files, kb } = measure(module);
    const verdict = goal ? (kb <= GOAL_KB ? 'PASS' : 'FAIL') : 'measured';
    if (goal && kb > GOAL_KB) failed = true;
    console.log(
      `  ${page.padEnd(15)} ${kb.toFixed(1).padStart(6)} KB in ${files.size} files  ratio ${(kb / GOAL_KB).toFixed(2)} of the budget: ${verdict}`,
    );
  }
  const home = measure(PAGES[0].module).kb;
  for (const [label, modules] of [
    ['/klips', [PAGES[3].module]],
    ['/klips phone', [PAGES[3].module, KLIPS_FEED_MODULE]],
  ] as const) {
    const over = measure(...modules).kb - home;
    if (over > KLIPS_OVER_HOME_GOAL_KB) failed = true;
    console.log(
      `  ${label.padEnd(14)} ${over >= 0 ? '+' : ''}${over.toFixed(1)} KB over /  ratio ${(over / KLIPS_OVER_HOME_GOAL_KB).toFixed(2)} of the +${KLIPS_OVER_HOME_GOAL_KB} KB allowance: ${over <= KLIPS_OVER_HOME_GOAL_KB ? 'PASS' : 'FAIL'}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
