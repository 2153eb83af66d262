import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HeaderSlotsContext, type HeaderSlots } from '../components/layouts/header-slots.ts';
import { NavigationProgress } from '../components/layouts/navigation-progress.tsx';
import { ScrollManager } from '../components/layouts/scroll-manager.tsx';
import { ICON_BUTTON_CLASS } from '../components/ui/button-styles.ts';
import { CartProvider } from '../features/lootbox/cart-provider.tsx';
import {
  ProductCardSlotsContext,
  type ProductCardSlots,
} from '../features/products/components/product-card-slots.ts';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';
import { KlipLootBoxSlot } from './klip-lootbox-slot.tsx';
import { ProductCardCreator } from './product-card-creator.tsx';

export const LootBoxSlot = lazyWithPreload(() => import('./lootbox-slot.tsx'));

// What the app hands the layouts (docs/architecture.md "Shape"): the Loot Box for the signed-in header, with a
// placeholder of the button's size while its chunk arrives, so the header does not shift.
const HEADER_SLOTS: HeaderSlots = {
  lootBox: (
    <Suspense fallback={<span aria-hidden="true" className={ICON_BUTTON_CLASS} />}>
      <LootBoxSlot />
    </Suspense>
  ),
};

// The creator's hover card on every product card (docs/product.md "Creator hover card").
const PRODUCT_CARD_SLOTS: ProductCardSlots = {
  creator: (product) => <ProductCardCreator product={product} />,
};

/**
 * Inside the router, so that the Loot Box can send a signed-out visitor to sign in from any page (the cart is
 * there for every page, signed in or out, and so is the klip product card's way into it).
 */
export function RootLayout() {
  return (
    <CartProvider>
      <HeaderSlotsContext value={HEADER_SLOTS}>
        <ProductCardSlotsContext value={PRODUCT_CARD_SLOTS}>
          <KlipLootBoxSlot>
            <ScrollManager />
            <NavigationProgress />
            <Outlet />
          </KlipLootBoxSlot>
        </ProductCardSlotsContext>
      </HeaderSlotsContext>
    </CartProvider>
  );
}
