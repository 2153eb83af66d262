// What the load, the save and the store share for one signed-in user's Loot Box: the state, the calls and the
// ways to tell the shopper. The steps (cart-load.ts, cart-save.ts) change `state` and `commit()` it when done, so
// the screens never see a step half-way.
import { CART_ITEMS_MAX } from '../../../shared/constants.ts';
import { mergeCartsWithDropped, type Cart } from '../../../shared/domain/cart.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import type { CartSnapshot, CartState } from './cart-state.ts';

export interface CartSession {
  readonly uid: string;
  readonly api: ApiClient;
  readonly now: () => number;
  state: CartState;
  /** The user signed out or another signed in: nothing more is sent, stored or shown. */
  readonly disposed: boolean;
  /** What the screens show now (its total goes with a save, which the server recomputes anyway). */
  readonly snapshot: CartSnapshot;
  /** Stores the state (the stored copy) and shows it. */
  commit(): void;
  /** Something the shopper should know that is not a refusal: a merge over the maximum, a product taken out. */
  notice(message: string): void;
}

/** Merged into the server's copy: the merge's cart, and a word to the shopper when it held too many items. */
export function mergeInto(session: CartSession, mergeBase: Cart, mine: Cart, theirs: Cart): Cart {
  const { cart, dropped } = mergeCartsWithDropped(mergeBase, mine, theirs);
  if (dropped.length > 0) session.notice(LOOTBOX_MESSAGES.trimmedToMax(CART_ITEMS_MAX));
  return cart;
}
