// What the app hands product cards to show (docs/architecture.md "Shape": features import no other feature): the
// creator's @username with its hover card (docs/product.md "Creator hover card"), composed in app/root-layout.tsx.
import { createContext, useContext, type ReactNode } from 'react';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';

export interface ProductCardSlots {
  /** The @username under the name; a plain text when not given. */
  creator?: (product: ProductSummary) => ReactNode;
}

export const ProductCardSlotsContext = createContext<ProductCardSlots>({});

export function useProductCardSlots(): ProductCardSlots {
  return useContext(ProductCardSlotsContext);
}
