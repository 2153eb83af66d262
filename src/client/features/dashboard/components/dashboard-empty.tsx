// A new seller's dashboard (docs/product.md "Dashboard"): nothing listed yet, said plainly, with the three Create
// actions.
import clsx from 'clsx';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { CREATE_ITEMS } from '../../../components/layouts/navigation-items.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

export function DashboardEmpty({ className }: { className?: string }) {
  return (
    <section aria-labelledby="dashboard-empty" className={clsx('min-w-0', className)}>
      <h2 id="dashboard-empty" className="sr-only">
        {DASHBOARD_PAGE_MESSAGES.itemsHeading}
      </h2>
      <EmptyState icon={LayoutDashboard} title={DASHBOARD_PAGE_MESSAGES.emptyTitle}>
        {DASHBOARD_PAGE_MESSAGES.emptyBody}
      </EmptyState>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {CREATE_ITEMS.map(({ label, description, href, icon: Icon }) => (
          <li key={href}>
            <Link
              to={href}
              className="flex h-full items-center gap-3 rounded-2xl border border-line bg-surface p-4 transition-shadow hover:shadow-lift"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand">
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
    </section>
  );
}
