// Builds the React client into dist/client (served by the Fastify server) and, in development, proxies the
// server's paths to it so the browser sees one origin, as in production.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { APP_MESSAGES } from './src/shared/shell-messages.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const SERVER_PATHS = ['/api', '/media', '/healthz', '/readyz', '/.well-known'];
const proxy = Object.fromEntries(SERVER_PATHS.map((prefix) => [prefix, { target: apiTarget }]));

/** Below this size a compressed copy saves too few bytes to matter. */
const PRECOMPRESS_MIN_BYTES = 1024;
const PRECOMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed once at their best
 * levels, so that the server sends them without compressing per request (@fastify/static preCompressed). Done on
 * the files as written, after every other plugin has had its last word on them.
 */
function precompress(): Plugin {
  return {
    name: 'lootklip:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/client';
      for (const fileName of Object.keys(bundle)) {
        if (!PRECOMPRESSIBLE.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < PRECOMPRESS_MIN_BYTES) continue;
        const brotli = zlib.brotliCompressSync(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

/**
 * The loading view of docs/product.md "First load and scrolling" (the logo and 'Loading...') as plain HTML inside
 * #root, so the page paints it as soon as the stylesheet arrives instead of after the app's JavaScript has loaded and
 * run. The app's own FullScreenLoader draws the same view, so nothing moves when React takes over.
 */
function staticLoader(): Plugin {
  const loader = `<div id="root"><div role="status" class="fixed inset-0 flex flex-col items-center justify-center gap-4 bg-page"><img src="/favicon.svg" alt="" width="64" height="64" class="size-16 motion-safe:animate-pulse" /><p class="text-sm font-medium text-ink-muted">${APP_MESSAGES.loading}</p></div></div>`;
  return {
    name: 'lootklip:static-loader',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', loader),
  };
}

/**
 * The page's small scripts go inside it: the one that applies a stored dark theme before the first paint
 * (public/theme-init.js), and the one that starts a rendered page's app after its first paint and the phone
 * feed's first klip from the server's HTML (public/page-start.js, decisions 0081 and 0085). As files they were requests the browser had to finish first (decision
 * 0020). The server allows them by their hashes (src/server/http/spa.ts). The stylesheet stays a file: inside the
 * page it pushed the pages that carry their first API answer past the first TCP round trip, which cost more than
 * the request it saved.
 */
function inlinePageScripts(): Plugin {
  const scripts = ['theme-init.js', 'page-start.js'].map((name) => ({
    tag: `<script src="/${name}"></script>`,
    source: fs.readFileSync(path.resolve(import.meta.dirname, 'public', name), 'utf8').trim(),
  }));
  return {
    name: 'lootklip:inline-page-scripts',
    apply: 'build',
    transformIndexHtml: (html) =>
      scripts.reduce((page, { tag, source }) => page.replace(tag, () => `<script>${source}</script>`), html),
  };
}

/**
 * Each `import { Heart, X } from 'lucide-react'` becomes one import per icon module (`lucide-react/icons/heart`),
 * so that an icon's importers are the modules that draw it rather than the package's index, which the shell imports
 * too: otherwise shellChunk below puts every icon used anywhere into the shell. Names are read from the package's
 * index, which re-exports each icon module under its names.
 */
function lucideIconModules(): Plugin {
  const index = fs.readFileSync(
    path.resolve(import.meta.dirname, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'),
    'utf8',
  );
  const moduleOf = new Map<string, string>();
  for (const [, names, module] of index.matchAll(/export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) moduleOf.set(name!, module!);
  }
  const iconImport = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;
  return {
    name: 'lootklip:lucide-icon-modules',
    apply: 'build',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('lucide-react')) return null;
      const rewritten = code.replace(iconImport, (statement, specifiers: string) => {
        const imports = specifiers
          .split(',')
          .map((specifier) => specifier.trim())
          .filter(Boolean)
          .map((specifier) => {
            const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
            const module = moduleOf.get(imported);
            return module && `import ${local} from 'lucide-react/icons/${module}';`;
          });
        // On the statement's lines, so that the rest of the module keeps its place for the source map.
        const lines = '\n'.repeat(statement.split('\n').length - 1);
        return imports.every(Boolean) ? imports.join(' ') + lines : statement;
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * Every module the entry imports statically, however deep, goes into the entry's chunk (the app's shell), which
 * the browser needs whole before anything runs anyway. Left to itself the bundler splits out each module that a
 * lazy route also imports (React, messages, icons, ...): a dozen tiny files the first visit waits on one after
 * another over HTTP/1.1, for the same bytes (decision 0020).
 */
function shellChunk(
  moduleId: string,
  context: { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null },
) {
  const seen = new Set<string>();
  const inShell = (id: string): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    const info = context.getModuleInfo(id);
    return Boolean(info && (info.isEntry || info.importers.some(inShell)));
  };
  return inShell(moduleId) ? 'shell' : null;
}

/**
 * React Router's package exports name only its development build, production bundles included
 * (remix-run/react-router#14102); a production build takes the library's production build, which does not warn in
 * the shopper's console.
 */
const reactRouterProductionBuild = {
  find: /^react-router$/,
  replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
};

/**
 * The server's render of the pages (decision 0080): src/client/entry-server.tsx for Node into dist/server, one
 * module with every package it uses (so one React for React DOM and TanStack Query alike).
 */
const ssrBuild = {
  outDir: 'dist/server',
  emptyOutDir: true,
  target: 'node24',
  copyPublicDir: false,
  rolldownOptions: { input: 'src/client/entry-server.tsx' },
};

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), tailwindcss()]
    : [react(), tailwindcss(), lucideIconModules(), precompress(), staticLoader(), inlinePageScripts()],
  resolve: { alias: command === 'build' && mode === 'production' ? [reactRouterProductionBuild] : [] },
  ssr: { noExternal: true },
  // The render's packages are bundled with it: with their production builds, whatever NODE_ENV the server runs under.
  define: isSsrBuild && mode === 'production' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        target: 'es2022',
        // .vite/manifest.json: which files each route module needs, for the server's modulepreload links (spa.ts).
        manifest: true,
        // Route modules are split by their dynamic imports, and share small chunks among themselves. The shell (React
        // DOM, React Router and TanStack Query are most of it) is about 415 KB minified; `npm run bench:bundle` measures
        // what each page loads against the budget, so the build warns only past that.
        chunkSizeWarningLimit: 450,
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: shellChunk, debugName: 'shell' }] } },
        },
      },
  server: { proxy },
  preview: { proxy },
}));
