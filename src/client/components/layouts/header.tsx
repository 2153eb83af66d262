import clsx from 'clsx';
import { Menu, PanelLeftClose, PanelLeftOpen, Search, TicketPercent, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.ts';
import { getButtonClass, ICON_BUTTON_CLASS } from '../ui/button-styles.ts';
import { Logo } from '../ui/logo.tsx';
import { SignedInActionsPlaceholder, SignedInHeaderActions } from './signed-in-header-actions.tsx';
import { SearchForm } from './search-form.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export type HeaderProps = {
  visible: boolean;
  isMobile: boolean;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  onPreloadDrawer: () => void;
  onSignOut: () => void;
  /** Where a signed-out visitor comes back to after signing in. */
  returnPath: string;
};

export function Header({
  visible,
  isMobile,
  sidebarExpanded,
  onToggleSidebar,
  onPreloadDrawer,
  onSignOut,
  returnPath,
}: HeaderProps) {
  const { status, user } = useAuth();
  const [searchOpen, setSearchOpen] = useState(false);

  const toggleLabel = isMobile ? 'Open menu' : sidebarExpanded ? 'Collapse menu' : 'Expand menu';
  const ToggleIcon = isMobile ? Menu : sidebarExpanded ? PanelLeftClose : PanelLeftOpen;

  return (
    <header
      data-testid="site-header"
      data-visible={visible}
      className={clsx(
        'fixed inset-x-0 top-0 z-40 border-b border-line bg-surface/90 backdrop-blur-md supports-[backdrop-filter]:bg-surface/80',
        'motion-safe:transition-transform motion-safe:duration-200',
        !visible && '-translate-y-full',
      )}
    >
      <div className="flex h-header items-center gap-1 px-2 sm:gap-2 sm:px-4">
        {/*
          Small screens reach everything through the bottom bar, so the toggle makes room there
          (docs/product.md "Layout and navigation").
        */}
        <button
          type="button"
          className={clsx(ICON_BUTTON_CLASS, 'max-sm:hidden')}
          aria-label={toggleLabel}
          aria-expanded={isMobile ? undefined : sidebarExpanded}
          aria-haspopup={isMobile ? 'dialog' : undefined}
          onClick={onToggleSidebar}
          onPointerDown={isMobile ? onPreloadDrawer : undefined}
        >
          <ToggleIcon aria-hidden="true" className="size-5" />
        </button>
        <Link to={paths.home.getHref()} className="mr-1 rounded-lg px-1 py-1" aria-label="Lootklip home">
          <Logo markClassName="size-8" />
        </Link>

        <SearchForm className="mx-auto hidden w-full max-w-xl sm:block" />

        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <button
            type="button"
            className={clsx(ICON_BUTTON_CLASS, 'sm:hidden')}
            aria-label={searchOpen ? 'Close search' : 'Search'}
            aria-expanded={searchOpen}
            aria-controls={searchOpen ? 'mobile-search' : undefined}
            onClick={() => setSearchOpen((open) => !open)}
          >
            {searchOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Search aria-hidden="true" className="size-5" />
            )}
          </button>
          <Link
            to={paths.offers.getHref()}
            className={clsx(ICON_BUTTON_CLASS, 'sm:hidden')}
            aria-label="Offers"
          >
            <TicketPercent aria-hidden="true" className="size-5" />
          </Link>

          {/* While the session is being asked for (a page with the session hint), the signed-in controls' place. */}
          {status === 'loading' ? (
            <SignedInActionsPlaceholder />
          ) : user ? (
            <Suspense fallback={<SignedInActionsPlaceholder />}>
              <SignedInHeaderActions user={user} onSignOut={onSignOut} />
            </Suspense>
          ) : (
            <>
              <ThemeToggle />
              <Link
                to={paths.auth.login.getHref(returnPath)}
                className={getButtonClass({ size: 'sm', className: 'ml-1' })}
              >
                Sign in
              </Link>
            </>
          )}
        </div>
      </div>

      {searchOpen ? (
        <div id="mobile-search" className="border-t border-line px-3 py-2 sm:hidden">
          <SearchForm autoFocus onSearch={() => setSearchOpen(false)} />
        </div>
      ) : null}
    </header>
  );
}
