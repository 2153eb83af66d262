// One signed-in user's Loot Box on the client (docs/product.md "Cart (Loot Box) persistence"), outside React so
// that its timing can be tested on its own: load the first active lootbox, else the stored copy (cart-load.ts);
// every change is stored and shown at once and saved 1 s later (cart-saver.ts) by a mutation that merges on a
// 409 (cart-save.ts, decisions 0038 and 0062). Loaded lazily by CartProvider, so none of this is in the first
// download of a page.
import type { QueryClient } from '@tanstack/react-query';
import {
  addItem as addToCart,
  removeItem as removeFromCart,
  setQuantity,
  type Cart,
} from '../../../shared/domain/cart.ts';
import { priceLine } from '../../../shared/domain/offers.ts';
import { paiseToRupees } from '../../../shared/domain/pricing.ts';
import { trackEvent } from '../../lib/analytics.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import type { AddableProduct, AddOptions } from './cart-context.ts';
import { loadCart } from './cart-load.ts';
import { completeLootbox } from './cart-remote.ts';
import { createCartSaver } from './cart-saver.ts';
import type { CartSession } from './cart-session.ts';
import {
  editsSince,
  forgetLootbox,
  hasUnsavedEdits,
  INITIAL_CART_STATE,
  toSnapshot,
  type CartSnapshot,
  type Offers,
} from './cart-state.ts';
import { removeStoredCart, writeStoredCart } from './cart-storage.ts';

export type { CartSnapshot } from './cart-state.ts';

export interface CartStoreOptions {
  uid: string;
  api: ApiClient;
  /** Runs the saves as mutations (the app's client, so they show with the others). */
  queryClient: QueryClient;
  /** A refusal the shopper should hear of (a 4xx other than a conflict); network trouble is silent. */
  onSaveRefused?: (message: string) => void;
  /** Something the shopper should know that is not a refusal: a merge over the maximum, a product taken out. */
  onNotice?: (message: string) => void;
  now?: () => number;
}

export function createCartStore({
  uid,
  api,
  queryClient,
  onSaveRefused,
  onNotice,
  now = Date.now,
}: CartStoreOptions) {
  const listeners = new Set<() => void>();
  let disposed = false;
  let snapshot = toSnapshot(INITIAL_CART_STATE, now());
  const session: CartSession = {
    uid,
    api,
    now,
    state: INITIAL_CART_STATE,
    get disposed() {
      return disposed;
    },
    get snapshot() {
      return snapshot;
    },
    commit() {
      writeStoredCart(uid, session.state);
      emit();
    },
    notice: (message) => onNotice?.(message),
  };
  const saver = createCartSaver(queryClient, session, onSaveRefused);

  function emit(): void {
    snapshot = toSnapshot(session.state, now());
    for (const listener of listeners) listener();
  }

  /** A change to the items or offers: stored at once, shown at once, saved after the debounce. */
  function change(cart: Cart, offers: Offers = session.state.offers): void {
    if (cart === session.state.cart && offers === session.state.offers) return;
    session.state = { ...session.state, cart, offers };
    session.commit();
    saver.schedule();
  }

  /** Back online after a failed load or save: the edits not saved yet are tried again. */
  function onOnline(): void {
    if (disposed || session.state.status !== 'ready') return;
    if (session.state.loadFailed || hasUnsavedEdits(session.state)) saver.schedule();
  }
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  const loading = loadCart(session).then((unsaved) => {
    if (unsaved) saver.schedule();
  });

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): CartSnapshot => snapshot,
    /** Resolves once the server's lootbox or the stored copy is read. */
    ready: (): Promise<void> => loading,
    /**
     * docs/product.md "Cart (Loot Box) persistence": a product already in the cart is not added again; adding
     * re-applies the product's current offer ("Offer on a product"), so an offer passed for a product already in
     * the cart becomes its applied offer (our reading: the add is ignored, the offer is not). Throws CartError
     * for a full cart. Resolves true when the product is new to the cart.
     */
    async addItem(product: AddableProduct, options: AddOptions = {}): Promise<boolean> {
      await loading;
      if (disposed) return false;
      const { cart, offers } = session.state;
      const offer = options.offer ?? null;
      const existing = cart.items.find((item) => item.productId === product.id);
      const nextOffers = offer ? { ...offers, [product.id]: offer } : offers;
      if (existing) {
        if (!offer || existing.appliedOfferId === offer.offerId) return false;
        const items = cart.items.map((item) =>
          item === existing ? { ...item, appliedOfferId: offer.offerId, updatedAt: now() } : item,
        );
        change({ ...cart, items }, nextOffers);
        return false;
      }
      const unit = priceLine(product, null).unit;
      const item = {
        productId: product.id,
        name: product.name,
        price: paiseToRupees(unit.discountedPrice),
        originalPrice: product.price,
        discount: product.discount,
        thumbnail: product.thumbnail ?? '',
        fromKlip: options.fromKlip ?? false,
        ...(offer ? { appliedOfferId: offer.offerId } : {}),
      };
      change(addToCart(cart, item, now()), nextOffers);
      // docs/product.md "Analytics": a Loot Box add, wherever it came from (a klip's attribution is added there).
      trackEvent({ type: 'lootbox_add', product_id: product.id });
      return true;
    },
    removeItem(productId: string): void {
      const { [productId]: removed, ...rest } = session.state.offers;
      change(removeFromCart(session.state.cart, productId, now()), removed ? rest : session.state.offers);
    },
    /** Throws CartError below 1 (docs/product.md "Cart (Loot Box) persistence": refused). */
    updateQuantity(productId: string, quantity: number): void {
      change(setQuantity(session.state.cart, productId, quantity, now()));
    },
    /**
     * docs/product.md "Cart (Loot Box) persistence" Clearing: the lootbox completed (cart-remote.ts), then the state
     * is emptied and both stored copies removed. Rejects (nothing emptied) when the server refuses or cannot be
     * reached.
     */
    async clear(): Promise<void> {
      await loading;
      // What the shopper cleared; anything added or changed while the Clear is under way is kept after it.
      const cleared = session.state.cart;
      try {
        await saver.hold();
        const { lootboxId, version } = session.state;
        if (lootboxId) await completeLootbox(api, uid, lootboxId, version);
      } catch (error) {
        saver.release((asked) => asked || hasUnsavedEdits(session.state));
        throw error;
      }
      const kept = editsSince(cleared, session.state.cart);
      const offers = Object.fromEntries(
        Object.entries(session.state.offers).filter(([productId]) =>
          kept.items.some((item) => item.productId === productId),
        ),
      );
      session.state = forgetLootbox({ ...session.state, cart: kept, offers, serverLines: new Map() });
      if (kept.items.length > 0) writeStoredCart(uid, session.state);
      else removeStoredCart(uid);
      emit();
      saver.release(() => kept.items.length > 0);
    },
    /** Resolves once no save is waiting or under way (tests wait on it instead of on the clock). */
    whenIdle: (): Promise<void> => saver.whenIdle(),
    /** The user signed out or another signed in: nothing more is sent or shown for this one. */
    dispose(): void {
      disposed = true;
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      saver.dispose();
      listeners.clear();
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
