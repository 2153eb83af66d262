// The klip's featured product (docs/product.md "Klip": at most one, the seller's own): the chosen one with Change
// and Remove, and a searchable list of the seller's products to choose from. The search itself comes from the app
// layer (klip-form-slots.ts).
import { useId, useState } from 'react';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import {
  ProductChoice,
  ProductPicker,
  ProductTilePlaceholder,
  RemoveProductButton,
} from '../../../components/ui/product-picker.tsx';
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
          {chosen ? results.renderThumbnail(chosen) : <ProductTilePlaceholder />}
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
          <RemoveProductButton
            name={name}
            onRemove={() => {
              onChange(null);
              setOpen(true);
              setAnnouncement(`${name} removed.`);
            }}
          />
        </div>
      ) : null}
      {error ? <p className="text-sm font-medium text-rani-700 dark:text-rani-400">{error}</p> : null}

      <ProductPicker
        id={`${id}-picker`}
        open={open}
        search={search}
        searchInput={{
          name: 'productId',
          value: search,
          onChange: (event) => onSearch(event.target.value),
        }}
        results={results}
        listClassName="max-h-80"
      >
        {(product) => (
          <ProductChoice
            product={product}
            chosen={product.id === productId}
            control={{ type: 'radio', name: `${id}-product`, onChange: () => onChoose(product) }}
            thumbnail={results.renderThumbnail(product)}
          >
            <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{product.name}</span>
          </ProductChoice>
        )}
      </ProductPicker>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
