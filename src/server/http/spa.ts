// Serves the built client: hashed assets with immutable caching, and index.html for every client route.
// API, media and asset paths that match nothing answer a JSON 404 instead: a missing script or style answered
// with the page would be cached and parsed as code.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MEDIA_ORIGIN_META_NAME, MOBILE_MEDIA_QUERY } from '../../shared/constants.ts';
import { normalizeUsername } from '../../shared/contracts/auth.ts';
import type { Config } from '../config.ts';
import { renderPageHead } from './landing-meta.ts';
import { findStaticTitle, resolveOrigin, setHead } from './page-meta.ts';
import { createPageRenderer, loadPageRender } from './page-render.ts';
import { createPageAnswers, renderPagePreload, type PageAnswers } from './page-preloads.ts';
import { normalizeRequestPath } from './request-path.ts';
import { escapeHtml, hashInlineScript, insertBeforeHeadEnd } from './html-text.ts';
import { buildDocumentSecurityHeaders } from './security.ts';

export const CLIENT_DIST_DIR = path.resolve(import.meta.dirname, '../../../dist/client');
const NOT_PAGE_PREFIXES = ['/api/', '/media/', '/.well-known/', '/assets/'];

/**
 * The pages most visits start on, and the client route module each one loads. Their page asks the browser to
 * fetch that module's code with the app's own (modulepreload), instead of after the app has run and routed: one
 * round trip less before the page's first real paint. A module missing from the build's manifest is skipped.
 */
const LANDING_ROUTES: Array<{ pattern: RegExp; module: string; phoneModule?: string }> = [
  { pattern: /^\/$/, module: 'src/client/app/routes/home.tsx' },
  { pattern: /^\/shop\/?$/, module: 'src/client/app/routes/shop.tsx' },
  { pattern: /^\/product\/[^/]+\/?$/, module: 'src/client/app/routes/product.tsx' },
  // Under 768 px /klips (and a share link's /klips/{id}) is the snap feed, a chunk of its own that the page loads
  // only there (decision 0043): on a phone it comes with the page too, so that the first klip does not wait for the
  // route to run first.
  {
    pattern: /^\/klips(?:\/[^/]+)?\/?$/,
    module: 'src/client/app/routes/klips.tsx',
    phoneModule: 'src/client/features/klips/components/klip-feed.tsx',
  },
];

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
/** Vite's build manifest (.vite/manifest.json): each source module's chunk and what it imports. */
export type Manifest = Record<string, ManifestChunk>;

/**
 * The files a chunk needs at once: its own and, recursively, those it imports statically (dynamic imports, such as
 * other routes, are fetched later).
 */
export function collectChunkFiles(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectChunkFiles(manifest, imported, files);
  return files;
}

/** index.html for each landing route, with modulepreload links for the route's code that the entry lacks. */
function buildLandingPages(clientDir: string, indexHtml: string): Map<RegExp, EncodedPage> {
  const pages = new Map<RegExp, EncodedPage>();
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return pages;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? collectChunkFiles(manifest, entry) : new Set<string>();
  for (const { pattern, module, phoneModule } of LANDING_ROUTES) {
    if (!manifest[module]) continue;
    const files = collectChunkFiles(manifest, module, new Set(loaded));
    const links = [...files]
      .filter((file) => !loaded.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    // Only where the media query matches: a desktop does not fetch the phone's code.
    if (phoneModule && manifest[phoneModule]) {
      const phoneFiles = [...collectChunkFiles(manifest, phoneModule, new Set(files))].filter(
        (file) => !files.has(file),
      );
      links.push(
        ...phoneFiles.map(
          (file) => `<link rel="modulepreload" crossorigin href="/${file}" media="${MOBILE_MEDIA_QUERY}">`,
        ),
      );
    }
    pages.set(pattern, encodePage(insertBeforeHeadEnd(indexHtml, links.join(''))));
  }
  return pages;
}

type EncodedPage = { html: string; br: Buffer; gzip: Buffer };

/** A page and its compressed copies, made once: the few pages there are never change while the server runs. */
function encodePage(html: string): EncodedPage {
  return {
    html,
    br: zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
    gzip: zlib.gzipSync(html, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

type Encoding = 'br' | 'gzip';

/** The best encoding the browser takes, if any. */
function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => param.startsWith('q='));
      return [name.toLowerCase(), q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  return (['br', 'gzip'] as const).find((encoding) => (weights.get(encoding) ?? 0) > 0);
}

/**
 * The page in the best encoding the browser takes. The compression plugin works on routes, and pages are answered
 * by the not-found handler, so pages carry their own compressed copies.
 */
function sendPage(page: EncodedPage, acceptEncoding: string | undefined, reply: FastifyReply) {
  const encoding = chooseEncoding(acceptEncoding);
  return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.html);
}

/** A page made for this one request (with its preloads): compressed now, quickly rather than smallest. */
function sendPageOnce(html: string, acceptEncoding: string | undefined, reply: FastifyReply) {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.gzipSync(html);
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * The page naming its media host when media is served from one of its own, so that the browser can preconnect to
 * it on a fast connection (docs/product.md "Analytics"; src/client/lib/preconnect.ts).
 */
function nameMediaOrigin(html: string, mediaPublicUrl: string | undefined): string {
  if (!mediaPublicUrl) return html;
  const origin = escapeHtml(new URL(mediaPublicUrl).origin);
  return insertBeforeHeadEnd(html, `<meta name="${MEDIA_ORIGIN_META_NAME}" content="${origin}">`);
}

/**
 * /shopstar/{name} of a name its user gave up less than USERNAME_REDIRECT_DAYS ago: the address under their current
 * name (decision 0074), for a 301. Undefined for every other page, and when the name is current or unknown.
 */
async function findRenamedProfilePath(answers: PageAnswers, pathname: string): Promise<string | undefined> {
  const match = /^\/shopstar\/([^/]+)$/.exec(pathname);
  if (!match) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  const answer = await answers(`/api/v1/users/username/${encodeURIComponent(name)}`);
  if (answer?.statusCode !== 200) return undefined;
  const current = (answer.json() as { data?: { username?: string } }).data?.username;
  return current && current !== normalizeUsername(name)
    ? `/shopstar/${encodeURIComponent(current)}`
    : undefined;
}

/** clientDir null: API only (tests), unknown pages answer 503. */
export async function registerSpa(
  app: FastifyInstance,
  config: Config,
  clientDir: string | null = CLIENT_DIST_DIR,
): Promise<void> {
  const indexPath = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const builtHtml = indexPath && fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
  const indexHtml = builtHtml && nameMediaOrigin(builtHtml, config.MEDIA_PUBLIC_URL);
  // The page's own inline scripts (a <script> with no attributes: the build's first-paint theme script), allowed
  // by their hashes and nothing else.
  const inlineScripts = [...(indexHtml ?? '').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1]!,
  );
  const documentHeaders = buildDocumentSecurityHeaders(config, inlineScripts.map(hashInlineScript));
  const indexPage = indexHtml ? encodePage(indexHtml) : undefined;
  const landingPages =
    clientDir && indexHtml ? buildLandingPages(clientDir, indexHtml) : new Map<RegExp, EncodedPage>();
  const renderPage = clientDir && indexHtml ? await loadPageRender(clientDir) : undefined;
  const renderer = renderPage && createPageRenderer(renderPage, app.log);
  const findPage = (pathname: string) => [...landingPages].find(([pattern]) => pattern.test(pathname))?.[1];
  // Each page with each title it is served under (a few dozen at most: the titles of the route table), made once.
  const titledPages = new Map<EncodedPage, Map<string, EncodedPage>>();
  const withTitle = (page: EncodedPage, title: string): EncodedPage => {
    let titles = titledPages.get(page);
    if (!titles) titledPages.set(page, (titles = new Map()));
    let titled = titles.get(title);
    if (!titled) titles.set(title, (titled = encodePage(setHead(page.html, title))));
    return titled;
  };

  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts); they are sent as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
        if (/\.html(\.br|\.gz)?$/.test(filePath)) reply.headers(documentHeaders);
      },
    });
  }

  // Unknown API paths count against the rate limit too, so scanning them is no free lunch.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // Read as the router reads paths, so that `//api/x` and `/%61pi/x` are API paths too.
    const resolved = normalizeRequestPath(request.url);
    if (!wantsPage || NOT_PAGE_PREFIXES.some((prefix) => `${resolved}/`.startsWith(prefix))) {
      return reply
        .status(404)
        .send({ success: false, message: `No endpoint at ${request.method} ${resolved}`, code: 'not-found' });
    }
    // One answer per API request for all: the product page's preload and its preview read the same product.
    const answers = createPageAnswers(app, request.ip);
    const moved = await findRenamedProfilePath(answers, pathname);
    if (moved) return reply.redirect(`${moved}${search ? `?${search}` : ''}`, 301);
    if (!indexPage) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built yet. Run `npm start`, which builds it.');
    }
    reply
      .headers(documentHeaders)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // A rendered page differs by the phone guess and the session hint (page-render.ts).
      .header('vary', renderer ? 'accept-encoding, cookie, sec-ch-ua-mobile' : 'accept-encoding');
    const page = findPage(pathname) ?? indexPage;
    const acceptEncoding = request.headers['accept-encoding'];
    if (request.method !== 'GET')
      return sendPage(withTitle(page, findStaticTitle(pathname)), acceptEncoding, reply);
    const [preload, head, rendered] = await Promise.all([
      renderPagePreload(
        app,
        { pathname, search, clientIp: request.ip, listingsNeedSignIn: config.LISTINGS_NEED_SIGN_IN },
        answers,
      ),
      renderPageHead(answers, { pathname, search, origin: resolveOrigin(request, config) }),
      renderer?.render(request, answers, page.html),
    ]);
    if (rendered) {
      const html = insertBeforeHeadEnd(
        setHead(rendered.html, head.title, head.description),
        head.tags + preload.photos,
      );
      return sendPageOnce(html, acceptEncoding, reply.status(rendered.status));
    }
    if (!preload.photos && !preload.answer && !head.tags) {
      return sendPage(withTitle(page, head.title), acceptEncoding, reply);
    }
    const html = insertBeforeHeadEnd(
      setHead(page.html, head.title, head.description),
      head.tags + preload.photos + preload.answer,
    );
    return sendPageOnce(html, acceptEncoding, reply);
  });
}
