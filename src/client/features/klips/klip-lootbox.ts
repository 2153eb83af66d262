// What the klip's product card needs of the Loot Box (docs/product.md "Add to Loot Box from a klip"). Features do
// not import each other (decision 0028), so the app provides it (src/client/app/klip-lootbox-slot.tsx, over the
// lootbox feature's cart) around every screen that shows klips.
import { createContext, useContext } from 'react';
import type { ProductOffer } from '../../../shared/contracts/products.ts';

export interface KlipLootBoxProduct {
  id: string;
  name: string;
  /** Rupees, before the product's own discount. */
  price: number;
  /** Percent. */
  discount: number;
  thumbnail: string | null;
}

export interface KlipLootBox {
  /**
   * Adds one of the product, marked as added from a klip, with the offer running on it. Resolves 'added', or
   * 'signing-in' when a signed-out visitor was sent to sign in first (the add completes after, with its own toast);
   * rejects with the toast's text.
   */
  add(product: KlipLootBoxProduct, offer: ProductOffer | null): Promise<'added' | 'signing-in'>;
}

export const KlipLootBoxContext = createContext<KlipLootBox | null>(null);

export function useKlipLootBox(): KlipLootBox | null {
  return useContext(KlipLootBoxContext);
}
