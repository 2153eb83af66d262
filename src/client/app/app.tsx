import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SignedInHeaderActions } from '../components/layouts/signed-in-header-actions.tsx';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
import { useAuth } from '../lib/auth.ts';
import { AppProvider } from './provider.tsx';
import { LootBoxSlot, NotificationsSlot } from './root-layout.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Nothing but the loader until the first auth state is known, so guards never decide on a guess
 * (docs/product.md "First load and scrolling").
 */
function AppRoutes() {
  const { status } = useAuth();
  // Created once the app mounts (not at import), so that importing this module has no side effects.
  const [router] = useState(createAppRouter);
  useEffect(() => {
    if (status !== 'signed-in') return;
    void SignedInHeaderActions.preload();
    void LootBoxSlot.preload();
    void NotificationsSlot.preload();
  }, [status]);
  if (status === 'loading') return <FullScreenLoader />;
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <AppProvider>
      <AppRoutes />
    </AppProvider>
  );
}
