import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { CREATE_ITEMS } from '../../components/layouts/navigation-items.ts';
import { getDisplayName } from '../../../shared/domain/display-name.ts';
import { useAuth } from '../../lib/auth.ts';

export function Component() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Dashboard" subtitle={user ? `Welcome back, ${getDisplayName(user)}` : undefined} />
      <EmptyState icon={LayoutDashboard} title="Nothing listed yet">
        Your products, klips and offers appear here, with how shoppers respond to them.
      </EmptyState>
      <ul className="mt-6 grid gap-3 sm:grid-cols-3">
        {CREATE_ITEMS.map(({ label, description, href, icon: Icon }) => (
          <li key={href}>
            <Link
              to={href}
              className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 transition-shadow hover:shadow-lift"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-semibold text-ink">{label}</span>
                <span className="block text-sm text-ink-muted">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
