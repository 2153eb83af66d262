import { Package } from 'lucide-react';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { calculateWirePrice, formatPrice } from '../../../../shared/domain/pricing.ts';
import { paths } from '../../../config/paths.ts';
import { ItemRow } from './item-row.tsx';

/** A product: its price after its own discount, the list price struck through beside it. */
export function ProductRow({ product }: { product: ProductSummary }) {
  const price = calculateWirePrice(product);
  return (
    <ItemRow
      section="products"
      id={product.id}
      name={product.name}
      thumbnail={product.cover?.url ?? product.files[0]?.url ?? null}
      icon={Package}
      editHref={paths.edit.product.getHref(product.id)}
      details={
        <>
          <span className="font-semibold text-ink tabular-nums">{formatPrice(price.finalPrice)}</span>
          {price.totalSavings > 0 ? <s className="tabular-nums">{formatPrice(price.originalPrice)}</s> : null}
          <span className="truncate">{product.category}</span>
        </>
      }
    />
  );
}
