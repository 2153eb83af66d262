// `npm run bench:bundle`: the JavaScript a first visit to a page must download before it can render, gzipped, per
// page (decision 0018 set 100 KB for / and /shop; server rendering of the landing pages sets 125 KB, see
// docs/plans/server-rendering-plan.md; decision 0047: /klips at most / + 15 KB, also with the phone's feed, the
// chunk a phone fetches at once). A production build with Vite's manifest into a scratch folder; a page's initial
// JavaScript is the entry chunk, its route module's chunk and every chunk either imports statically (the ones the
// browser fetches at once), plus the theme script of index.html. Then the shell (entry) chunk's largest parts, from
// the build's source map, so that a regression shows its cause; it fails if a feature's messages module is there.
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
/** The shell's parts printed, largest first. */
const INLINE_SCRIPTS = ['theme-init.js', 'page-start.js'];
const SHELL_PARTS_SHOWN = 16;
/** The only messages module the shell may carry: each feature's texts travel with its route (docs/architecture.md). */
const SHELL_MESSAGES = 'src/shared/shell-messages.ts';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source map line's segments as [generated column, source index or -1]: the fields this bench reads. */
function decodeLine(line: string, state: { source: number }): Array<[number, number]> {
  const segments: Array<[number, number]> = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (!segment) continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
      } else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0]!;
    if (fields.length > 1) state.source += fields[1]!;
    segments.push([column, fields.length > 1 ? state.source : -1]);
  }
  return segments;
}

/**
 * The part of the shell a source belongs to: a package (lucide-react's icons together), a messages module, or a
 * folder of ours (src/client/features/<feature>, src/client/<folder>, src/shared/<folder>).
 */
function partOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    return name === 'lucide-react' && rest.includes('icons') ? 'lucide-react icons' : name;
  }
  const ours = source.indexOf('src/');
  if (ours < 0) return source;
  const file = source.slice(ours);
  if (/^src\/shared\/[^/]+-messages\.ts$/.test(file)) return file;
  const folders = file.split('/');
  return folders.slice(0, folders[2] === 'features' ? 4 : 3).join('/');
}

/** The shell chunk's bytes by part (each part's code gzipped alone), and how many icon modules it holds. */
function splitShell(code: string, map: { sources: string[]; mappings: string }) {
  const text = new Map<string, string[]>();
  const icons = new Set<string>();
  const codeLines = code.split('\n');
  const state = { source: 0 };
  map.mappings.split(';').forEach((mappingLine, index) => {
    const line = codeLines[index] ?? '';
    const segments = decodeLine(mappingLine, state);
    segments.forEach(([column, source], at) => {
      const end = at + 1 < segments.length ? segments[at + 1]![0] : line.length;
      const name = source < 0 ? '(bundler glue)' : partOf(map.sources[source]!);
      if (name === 'lucide-react icons') icons.add(map.sources[source]!);
      const parts = text.get(name) ?? [];
      parts.push(line.slice(column, end));
      text.set(name, parts);
    });
  });
  const parts = [...text].map(([name, pieces]) => {
    const joined = pieces.join('');
    return { name, raw: Buffer.byteLength(joined), gzip: zlib.gzipSync(joined).length };
  });
  return { parts: parts.sort((a, b) => b.gzip - a.gzip), icons: icons.size };
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-bundle-'));
try {
  const build = spawnSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    // Hidden source maps: the files as served (no sourceMappingURL line), with their maps beside them.
    [
      'build',
      '--manifest',
      '--sourcemap',
      'hidden',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
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
    const files = new Set<string>();
    collectChunkFiles(manifest, entryKey, files);
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`${module} is not a chunk of the build`);
      collectChunkFiles(manifest, module, files);
    }
    // The page's own scripts are inside every page (vite.config.ts inlinePageScripts): their bytes count, not as files.
    return { files, kb: [...files, ...INLINE_SCRIPTS].reduce((sum, file) => sum + gzipSize(file), 0) / 1024 };
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

  const shellFile = manifest[entryKey]!.file;
  const shellCode = fs.readFileSync(path.join(outDir, shellFile), 'utf8');
  const shellMap = JSON.parse(fs.readFileSync(path.join(outDir, `${shellFile}.map`), 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const { parts, icons } = splitShell(shellCode, shellMap);
  console.log(
    `shell chunk ${shellFile}: ${(gzipSize(shellFile) / 1024).toFixed(1)} KB gzip, ${(Buffer.byteLength(shellCode) / 1024).toFixed(1)} KB raw; largest parts (each gzipped alone):`,
  );
  for (const { name, raw, gzip } of parts.slice(0, SHELL_PARTS_SHOWN)) {
    const label = name === 'lucide-react icons' ? `${name} (${icons})` : name;
    console.log(
      `  ${(gzip / 1024).toFixed(1).padStart(6)} KB  ${(raw / 1024).toFixed(1).padStart(6)} KB raw  ${label}`,
    );
  }
  const rest = parts.slice(SHELL_PARTS_SHOWN);
  console.log(
    `  ${(rest.reduce((sum, part) => sum + part.gzip, 0) / 1024).toFixed(1).padStart(6)} KB  in ${rest.length} smaller parts`,
  );
  const messages = parts.filter(({ name }) => name.endsWith('-messages.ts'));
  for (const { name, gzip } of messages) {
    const allowed = name === SHELL_MESSAGES;
    if (!allowed) failed = true;
    console.log(
      `  messages in the shell: ${name} ${(gzip / 1024).toFixed(1)} KB gzip: ${allowed ? 'PASS' : "FAIL (a feature's texts belong in its route's chunks)"}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
