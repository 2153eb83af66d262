import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import clsx from 'clsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../config/paths.ts';

export type PolicySection = { id: string; heading: string; body: ReactNode };

const POLICY_LINKS = [
  { label: 'Terms of Service', href: paths.terms.getHref() },
  { label: 'Privacy Policy', href: paths.privacy.getHref() },
  { label: 'Seller Policy', href: paths.sellerPolicy.getHref() },
];

/** A long legal page: contents list first (jump links), readable measure, and links to the sibling policies. */
export function PolicyPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly PolicySection[];
}) {
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader title={title} subtitle={`Last updated ${updated}`} />
      <nav aria-label="Policies" className="mb-8 flex flex-wrap gap-2">
        {POLICY_LINKS.map(({ label, href }) => (
          <NavLink
            key={href}
            to={href}
            className={({ isActive }) =>
              clsx(
                'rounded-full border px-3.5 py-1.5 text-sm font-medium',
                isActive
                  ? 'border-brand bg-brand-soft text-brand-ink'
                  : 'border-line text-ink-muted hover:text-ink',
              )
            }
          >
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="policy-text space-y-4 leading-relaxed text-ink-muted">{intro}</div>
      <nav aria-label="On this page" className="my-8 rounded-2xl border border-line bg-surface p-5">
        <p className="mb-2 text-sm font-bold text-ink">On this page</p>
        <ol className="grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {sections.map(({ id, heading }) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-ink hover:underline">
                {heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map(({ id, heading, body }, index) => (
        <section key={id} id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-24">
          <h2 id={`${id}-heading`} className="text-xl font-bold text-ink">
            {index + 1}. {heading}
          </h2>
          <div className="policy-text mt-3 space-y-4 leading-relaxed text-ink-muted">{body}</div>
        </section>
      ))}
    </article>
  );
}
