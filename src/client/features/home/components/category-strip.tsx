import clsx from 'clsx';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { HomeCategory } from '../home-categories.ts';

const formatCount = (count: number) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? 'product' : 'products'}`;

/**
 * docs/product.md "Route table": /shop applies a category passed in navigation state. The names are the fixed
 * tree's, so the strip shows at once; product counts join when the category list arrives (and are left out if it
 * fails).
 */
export function CategoryStrip({
  categories,
  counts,
}: {
  categories: readonly HomeCategory[];
  counts?: ReadonlyMap<string, number> | undefined;
}) {
  return (
    <ul className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-7 md:overflow-visible md:px-0">
      {categories.map(({ name, icon: Icon, tint }) => (
        <li key={name} className="snap-start">
          <Link
            to={paths.shop.getHref()}
            state={{ category: name }}
            className="group flex w-24 flex-col items-center gap-2 rounded-2xl p-1 text-center md:w-auto"
          >
            <span
              className={clsx(
                'inline-flex size-16 items-center justify-center rounded-2xl bg-linear-to-br text-white shadow-sm transition-transform md:size-20',
                'motion-safe:group-hover:-translate-y-0.5',
                tint,
              )}
            >
              <Icon aria-hidden="true" className="size-7 md:size-8" />
            </span>
            <span className="text-sm font-semibold text-ink">{name}</span>
            {counts?.has(name) ? (
              <span className="-mt-2 text-xs text-ink-subtle">{formatCount(counts.get(name)!)}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
