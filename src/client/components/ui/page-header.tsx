import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import { PageTitle } from './page-title.tsx';

/** The page's one h1, plus the document title, so every route announces itself the same way. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <PageTitle>{`${title} · ${PRODUCT_NAME}`}</PageTitle>
      <div className="min-w-0">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-ink-muted">{subtitle}</p> : null}
      </div>
      {actions}
    </header>
  );
}
