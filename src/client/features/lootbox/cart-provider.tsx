// The Loot Box for the whole app (docs/product.md "Cart (Loot Box) persistence"), signed in or out. This file is
// in every page's first download, so it stays small: the cart itself (loading, saving, merging, pricing) is
// cart-store.ts, fetched once someone is signed in. Signed out, an add is remembered and the visitor goes to sign
// in; it completes once they have (docs/product.md "Who sees what"). Each user gets a store of their own, so one
// account's cart is never shown to the next.
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CART_MESSAGES } from '../../../shared/shell-messages.ts';
import { paths } from '../../config/paths.ts';
import { api as defaultApi, ApiError, type ApiClient } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.ts';
import { CartContext, type AddableProduct, type AddOptions, type CartContextValue } from './cart-context.ts';
import type { CartSnapshot, CartStore } from './cart-store.ts';
import { rememberPendingAdds, takePendingAdds, type PendingAdd } from './pending-adds.ts';
import { toast } from '../../lib/toast.ts';

const SIGNED_OUT: CartSnapshot = { status: 'ready', items: [], totalValue: 0, lootboxId: null };
const LOADING: CartSnapshot = { status: 'loading', items: [], totalValue: 0, lootboxId: null };

/**
 * The toast's text for a failed add (docs/product.md "Error texts: Loot Box and cart"): no answer at all, the
 * server's own message, or the general one (a full cart, or anything else).
 */
export function getAddErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return CART_MESSAGES.networkError;
    return error.message ? CART_MESSAGES.serverError(error.message) : CART_MESSAGES.unableToAdd;
  }
  return CART_MESSAGES.addFailed;
}

/** Only what the cart needs of a product: a screen may pass its whole product object. */
function pickAddable({ id, name, price, discount, thumbnail }: AddableProduct): AddableProduct {
  return { id, name, price, discount, thumbnail };
}

export function CartProvider({ children, api = defaultApi }: { children: ReactNode; api?: ApiClient }) {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when a signed-out add goes to sign in, not a dependency of the cart's value: screens that use the cart
  // are not rendered again on every navigation.
  const origin = useRef('');
  const here = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    origin.current = here;
  }, [here]);

  const [session, setSession] = useState<{ uid: string; store: CartStore } | null>(null);
  const pendingStore = useRef<{ uid: string; promise: Promise<CartStore> } | null>(null);

  useEffect(() => {
    if (!uid) return;
    let active = true;
    let created: CartStore | undefined;
    const promise = import('./cart-store.ts').then(({ createCartStore }) => {
      created = createCartStore({
        uid,
        api,
        queryClient,
        onSaveRefused: (message) => toast.error(message),
        onNotice: (message) => toast.error(message),
      });
      if (!active) created.dispose();
      return created;
    });
    pendingStore.current = { uid, promise };
    void promise.then(async (store) => {
      if (!active) return;
      setSession({ uid, store });
      // Products chosen before signing in (this tab's session): added now, and said once.
      const pending = takePendingAdds();
      if (pending.length === 0) return;
      try {
        for (const { product, options } of pending) await store.addItem(product, options);
        const fromKlip = pending.every((add) => add.options?.fromKlip);
        toast.success(fromKlip ? CART_MESSAGES.addedFromKlip : CART_MESSAGES.added);
      } catch (error) {
        toast.error(getAddErrorMessage(error));
      }
    });
    return () => {
      active = false;
      created?.dispose();
      if (pendingStore.current?.promise === promise) pendingStore.current = null;
    };
  }, [uid, api, queryClient]);

  // Only this user's store: right after an account change the previous one is gone, not shown.
  const store = session && session.uid === uid ? session.store : null;
  const subscribe = useCallback(
    (listener: () => void) => (store ? store.subscribe(listener) : () => undefined),
    [store],
  );
  const readSnapshot = () => (store ? store.getSnapshot() : uid ? LOADING : SIGNED_OUT);
  const snapshot = useSyncExternalStore(subscribe, readSnapshot, readSnapshot);

  const getStore = useCallback(
    (): Promise<CartStore> | null =>
      pendingStore.current && pendingStore.current.uid === uid ? pendingStore.current.promise : null,
    [uid],
  );

  const signInFirst = useCallback(
    (adds: PendingAdd[]) => {
      rememberPendingAdds(adds);
      void navigate(paths.auth.login.getHref(origin.current));
    },
    [navigate],
  );

  const value = useMemo((): CartContextValue => {
    /** How many were new to the Loot Box. */
    async function add(adds: PendingAdd[]): Promise<number> {
      const storePromise = getStore();
      // Signed out: resolves once the visitor is on their way to sign in (nothing is added yet, so a screen
      // shows no success); the add completes after sign-in.
      if (!uid) {
        signInFirst(adds);
        return 0;
      }
      try {
        if (!storePromise) throw new Error(CART_MESSAGES.addFailed);
        const cart = await storePromise;
        let added = 0;
        for (const { product, options } of adds) if (await cart.addItem(product, options)) added += 1;
        return added;
      } catch (error) {
        throw new Error(getAddErrorMessage(error), { cause: error });
      }
    }
    return {
      status: snapshot.status,
      items: snapshot.items,
      itemCount: snapshot.items.length,
      totalValue: snapshot.totalValue,
      lootboxId: snapshot.lootboxId,
      addItem: async (product: AddableProduct, options?: AddOptions) => {
        await add([{ product: pickAddable(product), ...(options ? { options } : {}) }]);
      },
      addItems: (
        products: readonly AddableProduct[],
        optionsFor?: (product: AddableProduct) => AddOptions | undefined,
      ) =>
        add(
          products.map((product) => {
            const options = optionsFor?.(product);
            return { product: pickAddable(product), ...(options ? { options } : {}) };
          }),
        ),
      removeItem: (productId: string) => store?.removeItem(productId),
      updateQuantity: (productId: string, quantity: number) => store?.updateQuantity(productId, quantity),
      clearCart: async () => {
        if (!store) return;
        try {
          await store.clear();
          toast.success(CART_MESSAGES.cleared);
        } catch {
          // The cart stays as it was; the shopper may try again.
          toast.error(CART_MESSAGES.clearFailed);
        }
      },
    };
  }, [snapshot, store, uid, getStore, signInFirst]);

  return <CartContext value={value}>{children}</CartContext>;
}
