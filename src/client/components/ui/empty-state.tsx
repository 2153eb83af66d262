import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyState({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center',
        className,
      )}
    >
      <span className="mb-3 inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold text-ink">{title}</p>
      {children ? <div className="mt-2 max-w-sm text-sm text-ink-muted">{children}</div> : null}
    </div>
  );
}
