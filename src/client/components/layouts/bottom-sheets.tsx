import clsx from 'clsx';
import { ChevronRight, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { getDisplayName } from '../../../shared/domain/display-name.ts';
import { useAuth } from '../../lib/auth.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Sheet } from '../ui/sheet.tsx';
import type { BottomSheetName } from './bottom-sheet-name.ts';
import { ACCOUNT_NAV, CREATE_ITEMS } from './navigation-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';

const SHEET_ROW_CLASS =
  'flex items-center gap-3 rounded-2xl px-3 py-3 text-ink transition-colors hover:bg-surface-muted focus-visible:bg-surface-muted';

/** The Create and You sheets of the mobile tab bar (docs/product.md "Layout and navigation"). */
export default function BottomSheets({
  openSheet,
  onOpenSheetChange,
  onSignOut,
}: {
  openSheet: BottomSheetName;
  onOpenSheetChange: (sheet: BottomSheetName) => void;
  onSignOut: () => void;
}) {
  const { user } = useAuth();
  const name = user ? getDisplayName(user) : '';
  return (
    <>
      <Sheet
        open={openSheet === 'create'}
        onOpenChange={(open) => onOpenSheetChange(open ? 'create' : null)}
        title="Create"
      >
        <ul className="flex flex-col gap-1">
          {CREATE_ITEMS.map(({ label, description, href, icon: Icon }) => (
            <li key={href}>
              <Link to={href} className={SHEET_ROW_CLASS} onClick={() => onOpenSheetChange(null)}>
                <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold">{label}</span>
                  <span className="text-sm text-ink-muted">{description}</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 text-ink-subtle" />
              </Link>
            </li>
          ))}
        </ul>
      </Sheet>

      <Sheet
        open={openSheet === 'you'}
        onOpenChange={(open) => onOpenSheetChange(open ? 'you' : null)}
        title="You"
      >
        {user ? (
          <div className="flex flex-col gap-1">
            <div className="flex items-center gap-3 px-3 pt-1 pb-3">
              <Avatar name={name} src={user.avatar} className="size-14 text-lg" />
              <div className="min-w-0">
                <p className="truncate text-base font-bold text-ink">{name}</p>
                <Link
                  to={paths.shopstar.getHref(user.username)}
                  className="block truncate text-sm font-medium text-brand-ink hover:underline"
                  onClick={() => onOpenSheetChange(null)}
                >
                  @{user.username}
                </Link>
                <p className="truncate text-sm text-ink-muted">{user.email}</p>
              </div>
            </div>
            <ul className="flex flex-col gap-1 border-t border-line pt-2">
              {ACCOUNT_NAV.map(({ label, href, icon: Icon }) => (
                <li key={href}>
                  <Link to={href} className={SHEET_ROW_CLASS} onClick={() => onOpenSheetChange(null)}>
                    <Icon aria-hidden="true" className="size-5 text-ink-muted" />
                    <span className="flex-1 font-medium">{label}</span>
                    <ChevronRight aria-hidden="true" className="size-5 text-ink-subtle" />
                  </Link>
                </li>
              ))}
              <li className="flex items-center gap-3 px-3 py-1.5 text-ink">
                <span className="flex-1 font-medium">Dark theme</span>
                <ThemeToggle />
              </li>
              <li>
                <button
                  type="button"
                  className={clsx(SHEET_ROW_CLASS, 'w-full text-left')}
                  onClick={onSignOut}
                >
                  <LogOut aria-hidden="true" className="size-5 text-ink-muted" />
                  <span className="flex-1 font-medium">Sign out</span>
                </button>
              </li>
            </ul>
          </div>
        ) : null}
      </Sheet>
    </>
  );
}
