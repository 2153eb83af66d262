// The server's render of a page (decision 0080): the same routes and components as the browser, rendered to HTML
// from the API answers the page would fetch, which the server asks its own API for (src/server/http/page-render.ts).
// Built by Vite into dist/server and loaded by the server; never imported by the browser's code.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { defaultShouldDehydrateQuery, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PageData, RenderPage, RenderPageInput } from '../shared/page-render.ts';
import { App } from './app/app.tsx';
import { CLIENT_RENDERED, routes } from './app/router.tsx';
import { setServerTransport } from './lib/api-client.ts';
import { createAuthStore, getFirstAuthState } from './lib/auth.ts';
import { isNotFoundError, keepNotFoundAnswer, PageStatusContext, toApiErrorJson } from './lib/page-status.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * Renders until no query a page asked for is left to fetch: the first render finds the page's requests, the
 * second draws their answers and may find requests that needed them (a creator's products need the creator).
 */
const MAX_RENDERS = 3;
/** Past this a render is given up, and the page goes out for the client to render. */
const RENDER_TIMEOUT_MS = 2_000;

const pages = new AsyncLocalStorage<RenderPageInput>();

// The app's requests during a render are answered by the request's own fetchAnswer (its API, as the visitor).
setServerTransport(async (input, init) => {
  const page = pages.getStore();
  if (!page || (init?.method ?? 'GET') !== 'GET') throw new Error('Only a page render may read the API here');
  const url = new URL(input instanceof Request ? input.url : String(input));
  const answer = await page.fetchAnswer(`${url.pathname}${url.search}`);
  if (!answer) throw new Error(`No answer for ${url.pathname}`);
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });
});

const handler = createStaticHandler(routes);

function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failure: unknown;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        clearTimeout(timer);
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else resolve(html);
        done();
      },
    });
    const timer = setTimeout(
      () => stream.abort(new Error('The page render took too long')),
      RENDER_TIMEOUT_MS,
    );
    const stream = renderToPipeableStream(element, {
      // All at once, when every part is ready, and every part in its place (React puts a large part after the
      // rest): a part put elsewhere comes with an inline script to move it, which the page's
      // Content-Security-Policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      // An error inside a part (the page would be partly the client's to render) fails the whole render.
      onError: (error) => {
        failure ??= error;
      },
    });
  });
}

/** The queries a render asked for that have no answer yet and may be fetched. */
function findWaiting(queryClient: QueryClient, failed: Set<string>): Query[] {
  return queryClient.getQueryCache().findAll({
    predicate: (query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      if (failed.has(query.queryHash)) return false;
      const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
      return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
    },
  });
}

/**
 * Fetches them; one that fails is dropped, so that the page shows it loading, as the browser will before it asks
 * again itself. A 404 is an answer (there is no such thing), kept for the page to say so.
 */
async function fetchWaiting(queryClient: QueryClient, waiting: Query[], failed: Set<string>): Promise<void> {
  await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  for (const query of waiting) {
    if (query.state.status === 'success') continue;
    if (isNotFoundError(query.state.error)) {
      keepNotFoundAnswer(queryClient, query.queryKey);
      continue;
    }
    failed.add(query.queryHash);
    queryClient.getQueryCache().remove(query);
  }
}

/** The answers, and the 404s among the failures with their ApiError as JSON (fromApiErrorJson revives it). */
function dehydrateAnswers(queryClient: QueryClient): PageData['query'] {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isNotFoundError(query.state.error),
  });
  for (const query of state.queries) {
    if (isNotFoundError(query.state.error)) query.state.error = toApiErrorJson(query.state.error) as never;
  }
  return state;
}

function serializePageData(data: PageData): string {
  // `<` escaped, so that no text in a product can close the script early.
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}

export const renderPage: RenderPage = async (input) => {
  const context = await handler.query(new Request(new URL(input.url, 'http://page')));
  if (context instanceof Response) return { kind: 'client' };
  if (context.matches.some(({ route }) => route.handle === CLIENT_RENDERED)) return { kind: 'client' };
  // The not-found page, or a page whose subject turns out not to exist (useNotFoundPage).
  let status = context.matches.some(({ route }) => route.path === '*') ? 404 : 200;
  const setStatus = (value: number) => {
    status = value;
  };

  return pages.run(input, async () => {
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
    const authStore = createAuthStore({ initial: getFirstAuthState(input.env.signedInHint) });
    const router = createStaticRouter(handler.dataRoutes, context);
    const page = (
      <StrictMode>
        <PageStatusContext value={setStatus}>
          <App environment={input.env} queryClient={queryClient} authStore={authStore}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </App>
        </PageStatusContext>
      </StrictMode>
    );
    const failed = new Set<string>();
    let html = await renderToHtml(page);
    for (let render = 1; render < MAX_RENDERS; render += 1) {
      const waiting = findWaiting(queryClient, failed);
      if (waiting.length === 0) break;
      await fetchWaiting(queryClient, waiting, failed);
      html = await renderToHtml(page);
    }
    const pageData = serializePageData({ env: input.env, query: dehydrateAnswers(queryClient) });
    return { kind: 'rendered', status, html, pageData };
  });
};
