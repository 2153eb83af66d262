import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HeaderSlotsContext, type HeaderSlots } from '../components/layouts/header-slots.ts';
import { NavigationProgress } from '../components/layouts/navigation-progress.tsx';
import { ScrollManager } from '../components/layouts/scroll-manager.tsx';
import { ICON_BUTTON_CLASS } from '../components/ui/button-styles.ts';
import { CookieConsent } from '../features/consent/components/cookie-consent.tsx';
import { CartProvider } from '../features/lootbox/cart-provider.tsx';
import { SEARCH_SUGGESTIONS_SLOT } from '../features/search/search-suggestions-slot.ts';
import {
  ProductCardSlotsContext,
  type ProductCardSlots,
} from '../features/products/components/product-card-slots.ts';
import type * as Analytics from '../lib/analytics.ts';
import { API_BASE_PATH } from '../lib/api-client.ts';
import { useConsent } from '../lib/consent.ts';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';
import { preconnectOrigins } from '../lib/preconnect.ts';
import { KlipLootBoxSlot } from './klip-lootbox-slot.tsx';
import { ProductCardCreator } from './product-card-creator.tsx';
import { SettingsEffects } from './settings-effects.tsx';

export const LootBoxSlot = lazyWithPreload(() => import('./lootbox-slot.tsx'));
export const NotificationsSlot = lazyWithPreload(() => import('./notifications-slot.tsx'));

// What the app hands the layouts (docs/architecture.md "Shape"): the Loot Box for the signed-in header, with a
// placeholder of the button's size while its chunk arrives, so the header does not shift.
const HEADER_SLOTS: HeaderSlots = {
  lootBox: (
    <Suspense fallback={<span aria-hidden="true" className={ICON_BUTTON_CLASS} />}>
      <LootBoxSlot />
    </Suspense>
  ),
  notifications: (
    <Suspense fallback={<span aria-hidden="true" className={ICON_BUTTON_CLASS} />}>
      <NotificationsSlot />
    </Suspense>
  ),
  searchSuggestions: SEARCH_SUGGESTIONS_SLOT,
};

// The creator's hover card on every product card (docs/product.md "Creator hover card").
const PRODUCT_CARD_SLOTS: ProductCardSlots = {
  creator: (product) => <ProductCardCreator product={product} />,
};

type AnalyticsModule = typeof Analytics;

/**
 * The analytics client is fetched only once the visitor allows analytics (decision 0066: a visitor who did not
 * downloads none of it), then follows the consent itself; every route change is a page_view of its path, without
 * the query (docs/product.md "Analytics").
 */
function usePageViews(): void {
  const { pathname } = useLocation();
  const allowed = useConsent().preferences.analytics;
  const [analytics, setAnalytics] = useState<AnalyticsModule | null>(null);
  useEffect(() => preconnectOrigins([API_BASE_PATH]), []);
  useEffect(() => {
    if (!allowed || analytics) return;
    let active = true;
    void import('../lib/analytics.ts').then((module) => {
      if (!active) return;
      module.startAnalytics();
      setAnalytics(module);
    });
    return () => {
      active = false;
    };
  }, [allowed, analytics]);
  useEffect(() => analytics?.trackEvent({ type: 'page_view', path: pathname }), [analytics, pathname]);
}

/**
 * Inside the router, so that the Loot Box can send a signed-out visitor to sign in from any page (the cart is
 * there for every page, signed in or out, and so is the klip product card's way into it).
 */
export function RootLayout() {
  usePageViews();
  return (
    <CartProvider>
      <HeaderSlotsContext value={HEADER_SLOTS}>
        <ProductCardSlotsContext value={PRODUCT_CARD_SLOTS}>
          <KlipLootBoxSlot>
            <SettingsEffects />
            <ScrollManager />
            <NavigationProgress />
            <Outlet />
            <CookieConsent />
          </KlipLootBoxSlot>
        </ProductCardSlotsContext>
      </HeaderSlotsContext>
    </CartProvider>
  );
}
