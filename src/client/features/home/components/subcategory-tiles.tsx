import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { HomeSubcategory } from '../home-categories.ts';

export function SubcategoryTiles({
  category,
  items,
}: {
  category: string;
  items: readonly HomeSubcategory[];
}) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
      {items.map(({ name, icon: Icon, blurb }) => (
        <li key={name}>
          <Link
            to={paths.shop.getHref()}
            state={{ category, subcategory: name }}
            className="group flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 transition-shadow hover:shadow-lift"
          >
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-bold text-ink">{name}</span>
              <span className="block truncate text-sm text-ink-muted">{blurb}</span>
            </span>
            <ArrowRight
              aria-hidden="true"
              className="size-5 text-ink-subtle transition-transform motion-safe:group-hover:translate-x-0.5"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
