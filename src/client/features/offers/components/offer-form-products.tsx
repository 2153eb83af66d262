// The offer's products (docs/product.md "Offer": the seller’s own catalogue): the chosen ones as
// removable chips with 'N of 100', and a searchable picker over the seller's products, each with its thumbnail and
// the price it would get under the offer as it is typed now. Every price comes from the price engine (priceLine);
// a product below the minimum purchase says how much more it needs.
import { Check, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { OFFER_PRODUCTS_MAX } from '../../../../shared/constants.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { priceLine, type OfferTerms } from '../../../../shared/domain/offers.ts';
import { formatPrice } from '../../../../shared/domain/pricing.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import {
  ProductChoice,
  ProductPicker,
  ProductTilePlaceholder,
  RemoveProductButton,
} from '../../../components/ui/product-picker.tsx';
import { useSellerProducts } from '../api/seller-products.ts';
import { ProductThumbnail } from './product-thumbnail.tsx';

/** Typing settles this long before the picker asks the server, so a search is one request, not one a letter. */
const SEARCH_DELAY_MS = 250;

/** A product's thumbnail; a plain tile for a chosen product whose details have not loaded yet. */
function Thumbnail({ product }: { product: ProductSummary | undefined }) {
  return product ? <ProductThumbnail product={product} /> : <ProductTilePlaceholder />;
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
                <RemoveProductButton name={nameOf(productId)} onRemove={() => onRemove(productId)} />
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

      <ProductPicker
        id={`${id}-picker`}
        open={open}
        search={search}
        searchInput={{
          // Named after the field, so that focusing the first invalid field lands here.
          name: 'products',
          value: typed,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error ${id}-count` : `${id}-count`,
          onChange: (event) => {
            setTyped(event.target.value);
            setSubmitted(null);
          },
          // Enter searches now, without waiting for the typing to settle.
          onKeyDown: (event) => {
            if (event.key === 'Enter') setSubmitted(typed);
          },
        }}
        notice={
          full ? (
            <p className="mt-2 text-sm text-ink-muted">
              {OFFER_MESSAGES.tooManyProducts(OFFER_PRODUCTS_MAX)}
            </p>
          ) : null
        }
        results={{
          items,
          isPending: list.isPending,
          error: list.isError ? list.error : null,
          hasMore: list.hasNextPage,
          isLoadingMore: list.isFetchingNextPage,
          onMore: () => void list.fetchNextPage(),
        }}
        listClassName="max-h-96"
      >
        {(product) => {
          const picked = chosen.includes(product.id);
          return (
            <ProductChoice
              product={product}
              chosen={picked}
              control={{ type: 'checkbox', disabled: !picked && full, onChange: () => onToggle(product) }}
              thumbnail={<ProductThumbnail product={product} />}
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-semibold text-ink">{product.name}</span>
                <OfferPrice product={product} terms={terms} />
              </span>
            </ProductChoice>
          );
        }}
      </ProductPicker>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
