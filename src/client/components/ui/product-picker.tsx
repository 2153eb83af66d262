// The seller's product picker of the klip and offer forms: a search over their own products, then the products as
// a list of choices, page by page. What a choice is (one featured product, or several offer products) is the form's.
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import type { ProductSummary } from '../../../shared/contracts/products.ts';
import { getErrorMessage } from '../../lib/api-client.ts';
import { getButtonClass } from './button-styles.ts';
import { INPUT_CLASS } from './text-field.tsx';

/** One page-at-a-time search over the seller's products. */
export type ProductPickerResults = {
  items: ProductSummary[];
  isPending: boolean;
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  onMore: () => void;
};

export function ProductPicker({
  id,
  open,
  search,
  searchInput,
  notice,
  results,
  listClassName,
  children,
}: {
  /** The picker's element id; the form's toggle controls it. */
  id: string;
  open: boolean;
  /** What was searched for, for the empty text. */
  search: string;
  /** The search input's name, value and handlers: Enter never submits the form. */
  searchInput: ComponentProps<'input'>;
  /** Said below the search box (the offer's product limit). */
  notice?: ReactNode;
  results: ProductPickerResults;
  listClassName: string;
  /** One choice for a product: a ProductChoice. */
  children: (product: ProductSummary) => ReactNode;
}) {
  return (
    <div id={id} hidden={!open} className="rounded-2xl border border-line p-3">
      <label htmlFor={`${id}-search`} className="text-sm font-semibold text-ink">
        Search your products
      </label>
      <div className="relative mt-1.5">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle"
        />
        <input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Name, tag or category"
          {...searchInput}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
            searchInput.onKeyDown?.(event);
          }}
          className={clsx(INPUT_CLASS, 'pl-10')}
        />
      </div>
      {notice}
      <div className={clsx('mt-3 overflow-y-auto overscroll-contain', listClassName)}>
        {results.isPending && open ? (
          <ul aria-hidden="true" className="flex flex-col gap-2">
            {[0, 1, 2].map((row) => (
              <li key={row} className="h-14 animate-pulse rounded-xl bg-surface-muted" />
            ))}
          </ul>
        ) : results.error ? (
          <p role="alert" className="text-sm text-rani-700 dark:text-rani-400">
            {getErrorMessage(results.error)}
          </p>
        ) : results.items.length === 0 ? (
          <p className="py-4 text-center text-sm text-ink-muted">
            {search.trim() ? `No products match “${search.trim()}”.` : 'You have no products yet.'}
          </p>
        ) : (
          <ul aria-label="Your products" className="flex flex-col gap-1">
            {results.items.map((product) => (
              <li key={product.id}>{children(product)}</li>
            ))}
          </ul>
        )}
        {results.hasMore ? (
          <button
            type="button"
            onClick={results.onMore}
            disabled={results.isLoadingMore}
            className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'mt-2 w-full' })}
          >
            {results.isLoadingMore ? 'Loading...' : 'Show more products'}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A product as a choice of the picker: its control, its thumbnail and what the form says about it. */
export function ProductChoice({
  product,
  chosen,
  control,
  thumbnail,
  children,
}: {
  product: ProductSummary;
  chosen: boolean;
  /** A radio (one product) or a checkbox (several). */
  control: Omit<ComponentProps<'input'>, 'checked' | 'className' | 'aria-label'>;
  thumbnail: ReactNode;
  children: ReactNode;
}) {
  return (
    <label
      className={clsx(
        'flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
        chosen && 'bg-brand-soft/60',
      )}
    >
      <input
        {...control}
        checked={chosen}
        className="size-5 shrink-0 accent-brand"
        aria-label={product.name}
      />
      {thumbnail}
      {children}
    </label>
  );
}

/** The X that takes a chosen product off the form. */
export function RemoveProductButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Remove ${name}`}
      onClick={onRemove}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink"
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );
}

/** Where a chosen product's thumbnail goes while its details load. */
export function ProductTilePlaceholder() {
  return <span aria-hidden="true" className="size-14 shrink-0 rounded-xl bg-surface-muted" />;
}
