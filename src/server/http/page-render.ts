// Landing pages rendered on the server (decision 0080): the built render (dist/server/entry-server.js, made by
// `vite build --ssr` from src/client/entry-server.tsx) draws the page's first view into #root from the API answers
// the page is served with, and the page carries those answers for the client's hydration. Without a built render,
// past the render cap, or when a render fails, the page goes out as before, for the client to render.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { hasSessionHint } from '../auth/cookies.ts';
import { HELD_APP_CODE_ELEMENT_ID, PAGE_DATA_ELEMENT_ID } from '../../shared/constants.ts';
import type { RenderEnvironment, RenderPage } from '../../shared/page-render.ts';
import { insertBeforeHeadEnd } from './html-text.ts';
import type { PageAnswers } from './page-preloads.ts';

/** The zone a rendered page shows times in until the page has run and knows the device's (decision 0080). */
const SERVER_RENDER_TIME_ZONE = 'Asia/Kolkata';
/** Renders at once at most; a page asked for past it goes out for the client to render (a render is CPU work). */
const MAX_RENDERS_IN_FLIGHT = 4;

/** The built render beside the built client (dist/server beside dist/client), when there is one. */
export async function loadPageRender(clientDir: string): Promise<RenderPage | undefined> {
  const entry = path.join(clientDir, '..', 'server', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const built = (await import(pathToFileURL(entry).href)) as { renderPage?: RenderPage };
  return built.renderPage;
}

/**
 * The server's guess of a phone: the Sec-CH-UA-Mobile hint Chromium sends with every request, else the
 * User-Agent. A wrong guess costs a second render after hydration, as every page had before.
 */
export function guessPhone(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  if (hint === '?0') return false;
  return /Mobi|Android/i.test(request.headers['user-agent'] ?? '');
}

export type RenderedPage = { status: number; html: string };

export type PageRenderer = {
  /** The page with its #root drawn, or undefined when the client is to render it. */
  render(request: FastifyRequest, answers: PageAnswers, page: string): Promise<RenderedPage | undefined>;
};

/**
 * The built page around #root: what comes before it, and what comes after its loading view and the `<noscript>`
 * line (a rendered page reads without JavaScript).
 */
function splitAtRoot(page: string): { before: string; after: string } | undefined {
  const start = page.indexOf('<div id="root">');
  const noscript = page.indexOf('</noscript>', start);
  if (start === -1 || noscript === -1) return undefined;
  return { before: page.slice(0, start), after: page.slice(noscript + '</noscript>'.length) };
}

/** The app's code in the page's head: its entry, and the modulepreloads of the route's (spa.ts). */
const APP_CODE = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * The head with the app's code held in a `<template>`, which the browser neither fetches nor runs, for
 * public/page-start.js to put in place after the first paint (on the phone feed, once its first klip shows its first
 * frame): until then the stylesheet, the photos in view and the video have the connection to themselves (decision
 * 0085).
 */
function holdAppCode(head: string): string {
  const code = head.match(APP_CODE);
  if (!code) return head;
  return insertBeforeHeadEnd(
    head.replace(APP_CODE, ''),
    `<template id="${HELD_APP_CODE_ELEMENT_ID}">${code.join('')}</template>`,
  );
}

export function createPageRenderer(renderPage: RenderPage, log: FastifyBaseLogger): PageRenderer {
  let inFlight = 0;
  return {
    async render(request, answers, page) {
      const parts = splitAtRoot(page);
      if (!parts || inFlight >= MAX_RENDERS_IN_FLIGHT) return undefined;
      const env: RenderEnvironment = {
        phone: guessPhone(request),
        now: Date.now(),
        signedInHint: hasSessionHint(request),
        timeZone: SERVER_RENDER_TIME_ZONE,
      };
      inFlight += 1;
      try {
        const result = await renderPage({
          url: request.url,
          env,
          fetchAnswer: async (url) => {
            const answer = await answers(url);
            return answer && { status: answer.statusCode, body: answer.body };
          },
        });
        if (result.kind !== 'rendered') return undefined;
        const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${result.pageData}</script>`;
        // Concatenated, never String.replace: `$&` in a product's name would be a pattern there.
        return {
          status: result.status,
          html: `${holdAppCode(parts.before)}<div id="root">${result.html}</div>${data}${parts.after}`,
        };
      } catch (error) {
        log.warn({ err: error, url: request.url }, 'The page render failed; the client renders the page');
        return undefined;
      } finally {
        inFlight -= 1;
      }
    },
  };
}
