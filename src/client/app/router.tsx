// Every route of docs/product.md "Route table". Pages are lazy modules (one chunk each) under ./routes; the
// layouts and guards are in the first chunk because every page needs them.
import { matchRoutes, type RouteObject } from 'react-router';
import type { HydrationPreload, RenderEnvironment } from '../lib/render-environment.ts';
import { MainLayout } from '../components/layouts/main-layout.tsx';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
import { paths } from '../config/paths.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * The handle of the routes only the browser renders: signed-in pages and the sign-in pages wait for the first auth
 * state, which only the browser learns (decision 0080).
 */
export const CLIENT_RENDERED = { clientRendered: true } as const;

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullScreenLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: MainLayout,
        children: [
          { path: paths.home.path, lazy: () => import('./routes/home.tsx') },
          { path: paths.shop.path, lazy: () => import('./routes/shop.tsx') },
          { path: paths.product.path, lazy: () => import('./routes/product.tsx') },
          { path: paths.klip.path, lazy: () => import('./routes/klips.tsx') },
          { path: paths.offers.path, lazy: () => import('./routes/offers.tsx') },
          { path: paths.search.path, lazy: () => import('./routes/search.tsx') },
          { path: paths.sharedLootbox.path, lazy: () => import('./routes/shared-lootbox.tsx') },
          { path: paths.profile.path, lazy: () => import('./routes/creator-profile.tsx') },
          { path: paths.shopstar.path, lazy: () => import('./routes/creator-profile.tsx') },
          { path: paths.creatorProducts.path, lazy: () => import('./routes/creator-products.tsx') },
          { path: paths.terms.path, lazy: () => import('./routes/terms.tsx') },
          { path: paths.privacy.path, lazy: () => import('./routes/privacy.tsx') },
          { path: paths.sellerPolicy.path, lazy: () => import('./routes/seller-policy.tsx') },
          {
            Component: RequireAuth,
            handle: CLIENT_RENDERED,
            children: [
              { path: paths.create.product.path, lazy: () => import('./routes/create-product.tsx') },
              { path: paths.create.klip.path, lazy: () => import('./routes/create-klip.tsx') },
              { path: paths.create.offer.path, lazy: () => import('./routes/create-offer.tsx') },
              { path: paths.edit.product.path, lazy: () => import('./routes/edit-product.tsx') },
              { path: paths.edit.klip.path, lazy: () => import('./routes/edit-klip.tsx') },
              { path: paths.edit.offer.path, lazy: () => import('./routes/edit-offer.tsx') },
              { path: paths.dashboard.path, lazy: () => import('./routes/dashboard.tsx') },
              { path: paths.settings.path, lazy: () => import('./routes/settings.tsx') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
      {
        Component: GuestOnly,
        handle: CLIENT_RENDERED,
        children: [
          { path: paths.auth.login.path, lazy: () => import('./routes/auth/login.tsx') },
          { path: paths.auth.register.path, lazy: () => import('./routes/auth/register.tsx') },
          {
            path: paths.auth.forgotPassword.path,
            lazy: () => import('./routes/auth/forgot-password.tsx'),
          },
          { path: paths.auth.resetPassword.path, lazy: () => import('./routes/auth/reset-password.tsx') },
        ],
      },
    ],
  },
];

/**
 * Loads the lazy route modules a path matches, and what they ask for before hydration, and makes them plain routes,
 * so that a router made afterwards starts ready and renders the page at once: what hydrating the server's HTML of
 * the page needs (decision 0080).
 */
export async function loadMatchedRoutes(pathname: string, environment: RenderEnvironment): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy || typeof route.lazy !== 'function') return;
      const { Component, ErrorBoundary, loadForHydration } = (await route.lazy()) as Pick<
        RouteObject,
        'Component' | 'ErrorBoundary'
      > & { loadForHydration?: HydrationPreload };
      await loadForHydration?.(environment);
      Object.assign(route, { Component, ErrorBoundary, lazy: undefined });
    }),
  );
}
