import clsx from 'clsx';
import { Suspense, useState } from 'react';
import { flushSync } from 'react-dom';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useIsMobile } from '../../hooks/use-media-query.ts';
import { useBottomBarVisible, useHeaderVisible } from '../../hooks/use-scroll-visibility.ts';
import { useAuth } from '../../lib/auth.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { BottomBar } from './bottom-bar.tsx';
import type { BottomSheetName } from './bottom-sheet-name.ts';
import { Header } from './header.tsx';
import { SideRail } from './side-rail.tsx';
import { SiteFooter } from './site-footer.tsx';

const SideDrawer = lazyWithPreload(() => import('./side-drawer.tsx'));

/**
 * Header, side menu (rail or drawer), mobile tab bar and the page in between
 * (docs/product.md "Layout and navigation").
 */
export function MainLayout() {
  const isMobile = useIsMobile();
  const headerVisible = useHeaderVisible(isMobile);
  const bottomBarVisible = useBottomBarVisible(isMobile);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}${location.hash}`;

  const [railExpanded, setRailExpanded] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerMounted, setDrawerMounted] = useState(false);
  const [openSheet, setOpenSheet] = useState<BottomSheetName>(null);

  // Overlays belong to the page they were opened on: a navigation (or growing past the breakpoint) closes them.
  const [overlayKey, setOverlayKey] = useState(`${location.key}:${isMobile}`);
  const currentOverlayKey = `${location.key}:${isMobile}`;
  if (overlayKey !== currentOverlayKey) {
    setOverlayKey(currentOverlayKey);
    setDrawerOpen(false);
    setOpenSheet(null);
  }

  function onToggleSidebar(): void {
    if (isMobile) {
      setDrawerMounted(true);
      setDrawerOpen(true);
    } else setRailExpanded((expanded) => !expanded);
  }

  function onSignOut(): void {
    setOpenSheet(null);
    // Render the signed-out state first, so that our navigation is the last one (a guarded page would otherwise
    // redirect afterwards).
    flushSync(() => void signOut());
    navigate(paths.auth.login.getHref());
  }

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[70] rounded-full bg-surface px-4 py-2 font-semibold text-ink shadow-lift focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header
        visible={headerVisible}
        isMobile={isMobile}
        sidebarExpanded={railExpanded}
        onToggleSidebar={onToggleSidebar}
        onPreloadDrawer={() => void SideDrawer.preload()}
        onSignOut={onSignOut}
        returnPath={returnPath}
      />
      <SideRail expanded={railExpanded} returnPath={returnPath} />
      {drawerMounted ? (
        <Suspense fallback={null}>
          <SideDrawer open={drawerOpen && isMobile} onOpenChange={setDrawerOpen} returnPath={returnPath} />
        </Suspense>
      ) : null}

      <div
        className={clsx(
          'flex min-h-dvh flex-col pt-header pb-[calc(var(--spacing-bottom-bar)+env(safe-area-inset-bottom))] md:pb-0',
          // A page's bar pinned above the tabs on a phone (data-pinned-actions, e.g. the product page's buttons)
          // takes room of its own (its 4.5rem), so that the end of the page (the footer) is not hidden under it.
          'max-md:[&:has([data-pinned-actions])]:pb-[calc(var(--spacing-bottom-bar)+4.5rem+env(safe-area-inset-bottom))]',
          'motion-safe:transition-[padding] motion-safe:duration-200',
          railExpanded ? 'md:pl-rail-open' : 'md:pl-rail',
        )}
      >
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
        >
          <Outlet />
        </main>
        <SiteFooter />
      </div>

      <BottomBar
        visible={bottomBarVisible}
        openSheet={openSheet}
        onOpenSheetChange={setOpenSheet}
        onSignOut={onSignOut}
        returnPath={returnPath}
      />
    </div>
  );
}
