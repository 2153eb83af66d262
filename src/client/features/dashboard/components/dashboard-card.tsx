// The frame of each dashboard section: a card with its heading (an h2, so the page reads as an outline).
import clsx from 'clsx';
import type { ReactNode } from 'react';

export function DashboardCard({
  title,
  headingId,
  actions,
  className,
  children,
}: {
  title: ReactNode;
  headingId: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={clsx('min-w-0 rounded-3xl border border-line bg-surface p-4 shadow-sm sm:p-5', className)}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-ink">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
