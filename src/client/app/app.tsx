import type { QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { SignedInHeaderActions } from '../components/layouts/signed-in-header-actions.tsx';
import { useAuth, type AuthStore } from '../lib/auth.ts';
import { RenderEnvironmentContext, type RenderEnvironment } from '../lib/render-environment.ts';
import { AppProvider } from './provider.tsx';
import { LootBoxSlot, NotificationsSlot } from './root-layout.tsx';

/**
 * The signed-in header's parts start loading as soon as someone is signed in, before they are drawn. And the page
 * says when the app has taken it over and knows who is signed in (`<html data-app="ready">`): a server-rendered page
 * is on screen before its buttons work (decision 0080), and tests and benches wait for this.
 */
function PreloadSignedInParts() {
  const { status } = useAuth();
  useEffect(() => {
    if (status !== 'loading') document.documentElement.dataset.app = 'ready';
  }, [status]);
  useEffect(() => {
    if (status !== 'signed-in') return;
    void SignedInHeaderActions.preload();
    void LootBoxSlot.preload();
    void NotificationsSlot.preload();
  }, [status]);
  return null;
}

/**
 * Everything around the router, the same on the server and in the browser (decision 0080). The pages render at
 * once; while the first auth state is unknown, the guards show the loader and the signed-in parts their
 * placeholders (docs/product.md "First load and scrolling").
 */
export function App({
  children,
  environment = null,
  queryClient,
  authStore,
}: {
  /** The router: RouterProvider in the browser, StaticRouterProvider on the server. */
  children: ReactNode;
  environment?: RenderEnvironment | null;
  queryClient?: QueryClient;
  authStore?: AuthStore;
}) {
  return (
    <RenderEnvironmentContext value={environment}>
      <AppProvider queryClient={queryClient} authStore={authStore}>
        <PreloadSignedInParts />
        {children}
      </AppProvider>
    </RenderEnvironmentContext>
  );
}
