// The klip's featured product (docs/product.md "Klip": at most one, the seller's own): the chosen one with Change
// and Remove, and a searchable list of the seller's products to choose from. The search itself comes from the app
// layer (klip-form-slots.ts).
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { INPUT_CLASS } from '../../../components/ui/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import type { KlipProductPickerProps, SellerProductSearch } from '../klip-form-slots.ts';

export function KlipFormProduct({
  productId,
  onChange,
  error,
  chosen,
  onChosen,
  search,
  onSearch,
  results,
}: KlipProductPickerProps & {
  /** The chosen product's details, once known. */
  chosen: ProductSummary | undefined;
  onChosen: (product: ProductSummary) => void;
  search: string;
  onSearch: (search: string) => void;
  results: SellerProductSearch;
}) {
  const id = useId();
  const [open, setOpen] = useState(productId === null);
  const [announcement, setAnnouncement] = useState('');
  const name = chosen?.name ?? 'Product';

  function onChoose(product: ProductSummary): void {
    onChange(product.id);
    onChosen(product);
    setOpen(false);
    setAnnouncement(`${product.name} is featured.`);
  }

  return (
    <div className="flex flex-col gap-3">
      {productId ? (
        <div className="flex min-w-0 items-center gap-2.5 rounded-2xl border border-line bg-surface-muted/50 py-1.5 pr-1.5 pl-1.5">
          {chosen ? (
            results.renderThumbnail(chosen)
          ) : (
            <span aria-hidden="true" className="size-14 shrink-0 rounded-xl bg-surface-muted" />
          )}
          <span className="flex min-w-0 flex-1 flex-col items-start">
            <span className="text-xs text-ink-muted">Featured product</span>
            <span
              className="line-clamp-2 text-sm font-semibold break-words text-ink"
              data-testid="featured-product"
            >
              {name}
            </span>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`${id}-picker`}
              onClick={() => setOpen((value) => !value)}
              className="-mx-1 mt-0.5 rounded px-1 text-sm font-semibold text-brand-ink underline-offset-2 hover:underline"
            >
              Change
            </button>
          </span>
          <button
            type="button"
            aria-label={`Remove ${name}`}
            onClick={() => {
              onChange(null);
              setOpen(true);
              setAnnouncement(`${name} removed.`);
            }}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      {error ? <p className="text-sm font-medium text-rani-700 dark:text-rani-400">{error}</p> : null}

      <div id={`${id}-picker`} hidden={!open} className="rounded-2xl border border-line p-3">
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
            name="productId"
            type="search"
            value={search}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Name, tag or category"
            onChange={(event) => onSearch(event.target.value)}
            // Enter searches; it does not submit the klip.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            className={clsx(INPUT_CLASS, 'pl-10')}
          />
        </div>
        <div className="mt-3 max-h-80 overflow-y-auto overscroll-contain">
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
                <li key={product.id}>
                  <label
                    className={clsx(
                      'flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                      product.id === productId && 'bg-brand-soft/60',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-product`}
                      checked={product.id === productId}
                      onChange={() => onChoose(product)}
                      className="size-5 shrink-0 accent-brand"
                      aria-label={product.name}
                    />
                    {results.renderThumbnail(product)}
                    <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">
                      {product.name}
                    </span>
                  </label>
                </li>
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
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
