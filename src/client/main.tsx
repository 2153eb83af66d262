// First, before any schema is built (decision 0060).
import './lib/zod-jitless.ts';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PAGE_DATA_ELEMENT_ID } from '../shared/constants.ts';
import type { PageData } from '../shared/page-render.ts';
import { App } from './app/app.tsx';
import { loadMatchedRoutes, routes } from './app/router.tsx';
import { fromApiErrorJson, isNotFoundError, keepNotFoundAnswer } from './lib/page-status.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

/** The data of a page the server rendered (decision 0080), or null for a page the client renders. */
function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}

async function start(container: HTMLElement): Promise<void> {
  const page = readPageData();
  const queryClient = createQueryClient();
  if (!page) {
    const router = createBrowserRouter(routes);
    createRoot(container).render(
      <StrictMode>
        <App queryClient={queryClient}>
          <RouterProvider router={router} />
        </App>
      </StrictMode>,
    );
    return;
  }
  // The answers the server rendered the page from, as fresh as they were there (this clock may differ).
  const clockOffset = Date.now() - page.env.now;
  for (const query of page.query.queries) {
    query.state.dataUpdatedAt += clockOffset;
    query.state.error = fromApiErrorJson(query.state.error) as Error | null;
    if (isNotFoundError(query.state.error)) keepNotFoundAnswer(queryClient, query.queryKey);
  }
  hydrate(queryClient, page.query);
  await loadMatchedRoutes(window.location.pathname, page.env);
  const router = createBrowserRouter(routes);
  // In a transition, so that hydrating a long page yields to the phone's input (decision 0080).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App environment={page.env} queryClient={queryClient}>
          <RouterProvider router={router} />
        </App>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The app's code runs; `ready` once it has taken the page over (app.tsx).
document.documentElement.dataset.app = 'starting';
void start(container);
