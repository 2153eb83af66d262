import clsx from 'clsx';
import { Clapperboard, House, Plus, ShoppingBag, UserRound } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { getDisplayName } from '../../../shared/domain/display-name.ts';
import { useAuth } from '../../lib/auth.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { Avatar } from '../ui/avatar.tsx';
import type { BottomSheetName } from './bottom-sheet-name.ts';

// The sheets (and Radix Dialog) load on first use; touching a tab starts the download before the click lands.
const BottomSheets = lazyWithPreload(() => import('./bottom-sheets.tsx'));

const TAB_CLASS =
  'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium transition-colors';

function TabLink({ to, label, icon, end }: { to: string; label: string; icon: ReactNode; end?: boolean }) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) => clsx(TAB_CLASS, isActive ? 'text-brand' : 'text-ink-muted hover:text-ink')}
    >
      {icon}
      {label}
    </NavLink>
  );
}

/**
 * Mobile tab bar. Create and You open sheets for signed-in users and go to sign-in otherwise
 * (docs/product.md "Layout and navigation").
 * The bar is fixed, so the layout reserves its height (plus the safe area) and nothing jumps when it hides.
 */
export function BottomBar({
  visible,
  openSheet,
  onOpenSheetChange,
  onSignOut,
  returnPath,
}: {
  visible: boolean;
  openSheet: BottomSheetName;
  onOpenSheetChange: (sheet: BottomSheetName) => void;
  onSignOut: () => void;
  returnPath: string;
}) {
  const { status, user } = useAuth();
  const navigate = useNavigate();

  // Stays mounted after the first open, so closing can animate and hand focus back to the tab.
  const [sheetsMounted, setSheetsMounted] = useState(false);

  function onSheetTab(sheet: 'create' | 'you'): void {
    // Not while the session is being asked for (a server-rendered page, decision 0080): not to sign-in by mistake.
    if (status === 'loading') return;
    if (!user) {
      navigate(paths.auth.login.getHref(returnPath));
      return;
    }
    setSheetsMounted(true);
    onOpenSheetChange(sheet);
  }

  const name = user ? getDisplayName(user) : '';

  return (
    <>
      <nav
        aria-label="Tabs"
        data-testid="bottom-bar"
        data-visible={visible}
        className={clsx(
          'pb-safe fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 backdrop-blur-md md:hidden',
          'motion-safe:transition-transform motion-safe:duration-200',
          !visible && 'translate-y-full',
        )}
      >
        <div className="flex h-bottom-bar items-stretch px-1">
          <TabLink
            to={paths.home.getHref()}
            end
            label="Home"
            icon={<House aria-hidden="true" className="size-6" />}
          />
          <TabLink
            to={paths.shop.getHref()}
            label="Shop"
            icon={<ShoppingBag aria-hidden="true" className="size-6" />}
          />
          <button
            type="button"
            className={clsx(TAB_CLASS, 'text-ink-muted')}
            aria-haspopup={user ? 'dialog' : undefined}
            onPointerDown={() => user && void BottomSheets.preload()}
            onClick={() => onSheetTab('create')}
          >
            <span className="brand-gradient -mt-1 inline-flex size-9 items-center justify-center rounded-2xl text-white shadow-md">
              <Plus aria-hidden="true" className="size-5" strokeWidth={2.5} />
            </span>
            Create
          </button>
          <TabLink
            to={paths.klips.getHref()}
            label="Klips"
            icon={<Clapperboard aria-hidden="true" className="size-6" />}
          />
          <button
            type="button"
            className={clsx(TAB_CLASS, 'text-ink-muted hover:text-ink')}
            aria-haspopup={user ? 'dialog' : undefined}
            onPointerDown={() => user && void BottomSheets.preload()}
            onClick={() => onSheetTab('you')}
          >
            {user ? (
              <Avatar name={name} src={user.avatar} className="size-6 text-[10px]" />
            ) : (
              <UserRound aria-hidden="true" className="size-6" />
            )}
            You
          </button>
        </div>
      </nav>

      {sheetsMounted ? (
        <Suspense fallback={null}>
          <BottomSheets openSheet={openSheet} onOpenSheetChange={onOpenSheetChange} onSignOut={onSignOut} />
        </Suspense>
      ) : null}
    </>
  );
}
