import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider, type AuthStore } from '../lib/auth.ts';
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
  return (
    <QueryClientProvider client={client}>
      <AuthProvider store={authStore}>{children}</AuthProvider>
      {/* Library defaults are the spec's timings: 4 s error and plain, 2 s success, loading until dismissed. */}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
