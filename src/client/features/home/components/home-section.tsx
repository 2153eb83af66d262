import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { HOME_MESSAGES } from '../../../../shared/home-messages.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBoundary } from '../../../components/ui/error-boundary.tsx';

export function HomeSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-extrabold tracking-tight text-ink sm:text-2xl">
          {title}
        </h2>
        {action}
      </div>
      {/* A section that breaks while rendering says so; the other sections stay (docs/product.md "Home loading"). */}
      <ErrorBoundary fallback={<EmptyState icon={CircleAlert} title={HOME_MESSAGES.sectionFailed} />}>
        {children}
      </ErrorBoundary>
    </section>
  );
}
