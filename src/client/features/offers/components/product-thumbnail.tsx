import type { ProductSummary } from '../../../../shared/contracts/products.ts';

/** A product's cover at thumbnail size; a plain tile when it has none (the card never shifts). */
export function ProductThumbnail({ product }: { product: Pick<ProductSummary, 'cover' | 'name'> }) {
  return product.cover ? (
    <img
      src={product.cover.url}
      srcSet={product.cover.srcSet.jpeg || undefined}
      sizes="56px"
      alt=""
      loading="lazy"
      className="size-14 shrink-0 rounded-xl bg-surface-muted object-cover"
    />
  ) : (
    <span aria-hidden="true" className="size-14 shrink-0 rounded-xl bg-surface-muted" />
  );
}
