import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { AuthProvider, useAuth, type AuthStore } from '../lib/auth.ts';
import { useIsHydrating, useRenderEnvironment } from '../lib/render-environment.ts';
import { createQueryClient } from '../lib/query-client.ts';

// Toasts only ever come from features that load later, so the toaster need not be in the first chunk; toasts
// raised before it mounts wait in the library's store.
const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

/** Everything a page may rely on. Tests pass their own auth store and query client. */
export function AppProvider({
  children,
  authStore,
  queryClient,
}: {
  children: ReactNode;
  authStore?: AuthStore;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Not in a server render: there is no toast to show before the page has run.
  const hydrating = useIsHydrating();
  return (
    <QueryClientProvider client={client}>
      <AuthProvider store={authStore}>
        <ResetOnAccountChange />
        {children}
      </AuthProvider>
      {/*
        Library defaults are docs/product.md "Toasts": 4 s error and plain, 2 s success, loading until dismissed.
      */}
      {hydrating ? null : (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}

/**
 * What was loaded for one account is not shown to the next, or to a visitor after sign-out (where listings need
 * sign-in, the cached pages would hide the prompt): when who is signed in changes, every query starts over and
 * those on screen load again.
 */
function ResetOnAccountChange() {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const account = status === 'loading' ? undefined : (user?.uid ?? null);
  const settled = useRef(account);
  // A server-rendered page's answers are a visitor's (decision 0080): once someone turns out to be signed in, they
  // load again as theirs (their likes, what only they may see), shown meanwhile rather than emptied.
  const fromServer = useRef(useRenderEnvironment() !== null);
  useEffect(() => {
    if (account === undefined) return;
    if (fromServer.current) {
      fromServer.current = false;
      if (account !== null) void queryClient.invalidateQueries();
    } else if (settled.current !== undefined && settled.current !== account) {
      void queryClient.resetQueries();
    }
    settled.current = account;
  }, [account, queryClient]);
  return null;
}
