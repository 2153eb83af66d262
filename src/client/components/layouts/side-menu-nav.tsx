import clsx from 'clsx';
import { LogIn } from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth.ts';
import { ACCOUNT_NAV, PRIMARY_NAV, type NavItem } from './navigation-items.ts';

function SideMenuLink({
  item,
  compact,
  onNavigate,
}: {
  item: NavItem;
  compact: boolean;
  onNavigate?: () => void;
}) {
  const { icon: Icon } = item;
  return (
    <NavLink
      to={item.href}
      end={item.end}
      onClick={onNavigate}
      className={({ isActive }) =>
        clsx(
          'group flex rounded-xl font-medium transition-colors',
          compact
            ? 'flex-col items-center gap-1 px-0.5 py-2.5 text-[11px] tracking-tight'
            : 'items-center gap-3 px-3 py-2.5 text-sm',
          isActive ? 'bg-brand-soft text-brand-ink' : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
        )
      }
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {/* Never cut short ('Dashb...'): the rail is wide enough for the longest label, and a longer one wraps. */}
      <span className={clsx(compact && 'max-w-full text-center leading-tight break-words')}>
        {item.label}
      </span>
    </NavLink>
  );
}

/** The list itself, shared by the wide-screen rail and the mobile drawer. */
export function SideMenuNav({
  compact,
  returnPath,
  onNavigate,
}: {
  compact: boolean;
  returnPath: string;
  onNavigate?: () => void;
}) {
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const signIn: NavItem = { label: 'Sign in', href: paths.auth.login.getHref(returnPath), icon: LogIn };
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {PRIMARY_NAV.map((item) => (
        <SideMenuLink key={item.href} item={item} compact={compact} onNavigate={onNavigate} />
      ))}
      <hr className="my-2 border-line" />
      {signedIn ? (
        ACCOUNT_NAV.map((item) => (
          <SideMenuLink key={item.href} item={item} compact={compact} onNavigate={onNavigate} />
        ))
      ) : (
        <SideMenuLink item={signIn} compact={compact} onNavigate={onNavigate} />
      )}
    </nav>
  );
}
