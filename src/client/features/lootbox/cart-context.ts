// The Loot Box's state on the client (docs/product.md "Cart (Loot Box) persistence"): what every screen reads and
// the actions it may take. CartProvider (cart-provider.tsx) owns it: it loads the server's active lootbox or the
// stored copy, saves 1 s after a change, and merges on a 409 (decision 0038).
import { createContext, useContext } from 'react';
import type { ProductOffer } from '../../../shared/contracts/products.ts';
import type { LootboxItem } from '../../../shared/contracts/lootbox.ts';
import { CART_MESSAGES } from '../../../shared/shell-messages.ts';

/** What a screen knows of a product when it adds it: enough to show the line before the server answers. */
export interface AddableProduct {
  id: string;
  name: string;
  /** Rupees, before the product's own discount. */
  price: number;
  /** Percent. */
  discount: number;
  /** The first image's URL, if any. */
  thumbnail: string | null;
}

export interface AddOptions {
  fromKlip?: boolean;
  /** The product's current offer (its claim, docs/product.md "Offer on a product": adding re-applies it). */
  offer?: ProductOffer | null;
}

export interface CartContextValue {
  /** 'loading' until the server's lootbox or the stored copy is read. */
  status: 'loading' | 'ready';
  /** Priced lines, as the server answers them (the client prices a line itself until then). */
  items: LootboxItem[];
  /** How many products (not units) are in the Loot Box. */
  itemCount: number;
  /** Rupees: the sum of the available lines. */
  totalValue: number;
  lootboxId: string | null;
  /**
   * Resolves once the item is in local state (saving follows by itself); rejects with the toast's text. Signed
   * out, it remembers the product and goes to /auth/login with the origin; the add completes after sign-in
   * (docs/product.md "Who sees what").
   */
  addItem(product: AddableProduct, options?: AddOptions): Promise<void>;
  /**
   * Several at once (the shared Loot Box's 'Add all to my Loot Box'), each as addItem with `optionsFor(product)`
   * (its offer, say); one sign-in when signed out. Resolves with how many were new to the Loot Box, counted once the
   * cart is loaded (0 signed out: nothing is added yet).
   */
  addItems(
    products: readonly AddableProduct[],
    optionsFor?: (product: AddableProduct) => AddOptions | undefined,
  ): Promise<number>;
  removeItem(productId: string): void;
  /** Refused (throws CartError) below 1 or above the maximum. */
  updateQuantity(productId: string, quantity: number): void;
  /** docs/product.md "Cart (Loot Box) persistence" Clearing. */
  clearCart(): Promise<void>;
}

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error(CART_MESSAGES.outsideProvider);
  return value;
}
