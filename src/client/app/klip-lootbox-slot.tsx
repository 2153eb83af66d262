// The Loot Box for the product card on a klip (docs/product.md "Add to Loot Box from a klip"): the klips feature
// asks through KlipLootBoxContext, and this gives it the lootbox feature's cart (features do not import each other,
// decision 0028). Inside CartProvider (RootLayout), around every screen that shows klips.
import { useMemo, type ReactNode } from 'react';
import { KlipLootBoxContext, type KlipLootBox } from '../features/klips/klip-lootbox.ts';
import { useCart } from '../features/lootbox/cart-context.ts';
import { useAuth } from '../lib/auth.ts';

export function KlipLootBoxSlot({ children }: { children: ReactNode }) {
  const cart = useCart();
  const { user } = useAuth();
  const signedIn = user !== null;
  const { addItem } = cart;
  const value = useMemo(
    (): KlipLootBox => ({
      add: async (product, offer) => {
        // Signed out, the cart remembers the product and goes to sign in; it says 'Added to your Loot Box!' after.
        await addItem(product, { fromKlip: true, offer });
        return signedIn ? 'added' : 'signing-in';
      },
    }),
    [addItem, signedIn],
  );
  return <KlipLootBoxContext value={value}>{children}</KlipLootBoxContext>;
}
