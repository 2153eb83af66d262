// The offer's products (docs/product.md "Offer"; issue 13: the seller's own catalogue): the chosen ones as
// removable chips with 'N of 100', and a searchable picker over the seller's products, each with its thumbnail and
// the price it would get under the offer as it is typed now. Every price comes from the price engine (priceLine);
// a product below the minimum purchase says how much more it needs.
import clsx from 'clsx';
import { Check, Plus, Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { OFFER_PRODUCTS_MAX } from '../../../../shared/constants.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { priceLine, type OfferTerms } from '../../../../shared/domain/offers.ts';
import { formatPrice } from '../../../../shared/domain/pricing.ts';
import { OFFER_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { INPUT_CLASS } from '../../../components/ui/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSellerProducts } from '../api/seller-products.ts';
import { ProductThumbnail } from './product-thumbnail.tsx';

/** Typing settles this long before the picker asks the server, so a search is one request, not one a letter. */
const SEARCH_DELAY_MS = 250;

/** A product's thumbnail; a plain tile for a chosen product whose details have not loaded yet. */
function Thumbnail({ product }: { product: ProductSummary | undefined }) {
  return product ? (
    <ProductThumbnail product={product} />
  ) : (
    <span aria-hidden="true" className="size-14 shrink-0 rounded-xl bg-surface-muted" />
  );
}

/** What one of the product costs with the offer, or why the offer does not reach it. */
export function OfferPrice({ product, terms }: { product: ProductSummary; terms: OfferTerms }) {
  const line = priceLine(product, terms);
  const { unit } = line;
  return (
    <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="font-bold text-ink" data-testid="offer-price">
        {formatPrice(unit.finalPrice)}
      </span>
      {unit.finalPrice < unit.originalPrice ? (
        <span className="text-ink-subtle line-through">{formatPrice(unit.originalPrice)}</span>
      ) : null}
      {line.shortBy > 0 ? (
        <span className="text-xs font-medium text-amber-700 dark:text-amber-400">
          {OFFER_MESSAGES.addMore(formatPrice(line.shortBy))}
        </span>
      ) : null}
    </span>
  );
}

export function OfferFormProducts({
  uid,
  chosen,
  known,
  terms,
  error,
  onChange,
  onSeen,
}: {
  uid: string | undefined;
  /** The chosen products' ids, in order. */
  chosen: string[];
  /** Products whose details are known, by id: the offer's featured products and whatever the picker loaded. */
  known: ReadonlyMap<string, ProductSummary>;
  terms: OfferTerms;
  error?: string | undefined;
  onChange: (ids: string[]) => void;
  onSeen: (products: ProductSummary[]) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(chosen.length === 0);
  const [typed, setTyped] = useState('');
  const debounced = useDebouncedValue(typed, SEARCH_DELAY_MS);
  // Enter searches at once, without waiting for the typing to settle.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const search = submitted ?? debounced;
  const [announcement, setAnnouncement] = useState('');
  const list = useSellerProducts(open ? uid : undefined, search);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  useEffect(() => {
    const loaded = list.data?.pages.flatMap((page) => page.items) ?? [];
    if (loaded.length) onSeen(loaded);
  }, [list.data, onSeen]);

  const full = chosen.length >= OFFER_PRODUCTS_MAX;
  const nameOf = (productId: string) => known.get(productId)?.name ?? 'Product';

  function onToggle(product: ProductSummary): void {
    if (chosen.includes(product.id)) {
      onChange(chosen.filter((chosenId) => chosenId !== product.id));
      setAnnouncement(`Removed ${product.name}.`);
    } else if (!full) {
      onChange([...chosen, product.id]);
      setAnnouncement(`Added ${product.name}.`);
    }
  }

  function onRemove(productId: string): void {
    onChange(chosen.filter((chosenId) => chosenId !== productId));
    setAnnouncement(`Removed ${nameOf(productId)}.`);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" id={`${id}-count`}>
          {`${chosen.length} of ${OFFER_PRODUCTS_MAX}`}
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-picker`}
          onClick={() => setOpen((value) => !value)}
          className={getButtonClass({ variant: open ? 'secondary' : 'primary', size: 'sm' })}
        >
          {open ? (
            <>
              <Check aria-hidden="true" className="size-4" />
              Done choosing
            </>
          ) : (
            <>
              <Plus aria-hidden="true" className="size-4" />
              Add products
            </>
          )}
        </button>
      </div>

      {chosen.length ? (
        <ul aria-label="Chosen products" className="flex flex-col gap-2 sm:grid sm:grid-cols-2">
          {chosen.map((productId) => {
            const product = known.get(productId);
            return (
              <li
                key={productId}
                className="flex min-w-0 items-center gap-2.5 rounded-2xl border border-line bg-surface-muted/50 py-1.5 pr-1 pl-1.5"
              >
                <Thumbnail product={product} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-semibold text-ink">{nameOf(productId)}</span>
                  {product ? <OfferPrice product={product} terms={terms} /> : null}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${nameOf(productId)}`}
                  onClick={() => onRemove(productId)}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}

      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-rani-700 dark:text-rani-400">
          {error}
        </p>
      ) : null}

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
            // Named after the field, so that focusing the first invalid field lands here.
            name="products"
            type="search"
            value={typed}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Name, tag or category"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error ${id}-count` : `${id}-count`}
            onChange={(event) => {
              setTyped(event.target.value);
              setSubmitted(null);
            }}
            // Enter searches now; it does not submit the offer.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setSubmitted(typed);
              }
            }}
            className={clsx(INPUT_CLASS, 'pl-10')}
          />
        </div>
        {full ? (
          <p className="mt-2 text-sm text-ink-muted">{OFFER_MESSAGES.tooManyProducts(OFFER_PRODUCTS_MAX)}</p>
        ) : null}
        <div className="mt-3 max-h-96 overflow-y-auto overscroll-contain">
          {list.isPending && open ? (
            <ul aria-hidden="true" className="flex flex-col gap-2">
              {[0, 1, 2].map((row) => (
                <li key={row} className="h-14 animate-pulse rounded-xl bg-surface-muted" />
              ))}
            </ul>
          ) : list.isError ? (
            <p role="alert" className="text-sm text-rani-700 dark:text-rani-400">
              {getErrorMessage(list.error)}
            </p>
          ) : items.length === 0 ? (
            <p className="py-4 text-center text-sm text-ink-muted">
              {search.trim() ? `No products match “${search.trim()}”.` : 'You have no products yet.'}
            </p>
          ) : (
            <ul aria-label="Your products" className="flex flex-col gap-1">
              {items.map((product) => {
                const picked = chosen.includes(product.id);
                return (
                  <li key={product.id}>
                    <label
                      className={clsx(
                        'flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                        picked && 'bg-brand-soft/60',
                      )}
                    >
                      <input
                        type="checkbox"
                        checked={picked}
                        disabled={!picked && full}
                        onChange={() => onToggle(product)}
                        className="size-5 shrink-0 accent-brand"
                        aria-label={product.name}
                      />
                      <ProductThumbnail product={product} />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate text-sm font-semibold text-ink">{product.name}</span>
                        <OfferPrice product={product} terms={terms} />
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {list.hasNextPage ? (
            <button
              type="button"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'mt-2 w-full' })}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Show more products'}
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
