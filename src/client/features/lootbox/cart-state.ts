// The Loot Box's state on the client and the pure rules the save loop applies to it (decision 0038): what the
// server's answer makes of the state, what a Clear or a deleted lootbox leaves, how a line is priced before the
// server has answered, and what a save sends. No I/O and no clock of its own: cart-store.ts runs them.
import type { Lootbox, LootboxBody, LootboxItem } from '../../../shared/contracts/lootbox.ts';
import type { ProductOffer } from '../../../shared/contracts/products.ts';
import {
  EMPTY_CART,
  mergeCarts,
  sumWireLines,
  toWireLinePrice,
  type Cart,
  type CartItem,
} from '../../../shared/domain/cart.ts';
import { getOfferState, priceLine } from '../../../shared/domain/offers.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import { ApiError } from '../../lib/api-client.ts';

/** What the screens are shown: priced lines, their total, and which lootbox they belong to. */
export interface CartSnapshot {
  status: 'loading' | 'ready';
  items: LootboxItem[];
  totalValue: number;
  lootboxId: string | null;
}

/** The terms of each item's claimed offer, by product id, as the server last answered them or the add gave them. */
export type Offers = Record<string, ProductOffer>;

export interface CartState {
  status: CartSnapshot['status'];
  /** The shopper's items and tombstones, as edited here. */
  cart: Cart;
  /** The cart as the server last answered it: the merge's base for the edits not saved yet. */
  base: Cart;
  offers: Offers;
  lootboxId: string | null;
  /** The version `base` was read at; a save sends it, and a 409 says another save came first. */
  version: number | null;
  /** The server's priced lines of its last answer, shown while they still describe the item. */
  serverLines: ReadonlyMap<string, LootboxItem>;
  /** The first read of the server failed: the stored copy stands in until a save meets the server's. */
  loadFailed: boolean;
}

export const INITIAL_CART_STATE: CartState = {
  status: 'loading',
  cart: EMPTY_CART,
  base: EMPTY_CART,
  offers: {},
  lootboxId: null,
  version: null,
  serverLines: new Map(),
  loadFailed: false,
};

/** The shopper's choices in a lootbox the server answered: what the merge and the stored copy work on. */
export function toCart(lootbox: Lootbox): Cart {
  return {
    items: lootbox.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      price: item.price,
      originalPrice: item.originalPrice,
      discount: item.discount,
      quantity: item.quantity,
      thumbnail: item.thumbnail,
      fromKlip: item.fromKlip,
      ...(item.appliedOfferId ? { appliedOfferId: item.appliedOfferId } : {}),
      updatedAt: item.updatedAt,
    })),
    removed: lootbox.removed,
  };
}

/** The server's answer becomes the base, the version and the shown lines; the items edited here stay as they are. */
export function adoptLootbox(state: CartState, lootbox: Lootbox): CartState {
  let offers = state.offers;
  for (const item of lootbox.items) {
    if (item.appliedOffer) offers = { ...offers, [item.productId]: item.appliedOffer };
  }
  return {
    ...state,
    lootboxId: lootbox.id,
    version: lootbox.version,
    base: toCart(lootbox),
    serverLines: new Map(lootbox.items.map((item) => [item.productId, item])),
    offers,
  };
}

/** No lootbox on the server any more (cleared or gone): the next save creates one. */
export function forgetLootbox(state: CartState): CartState {
  return { ...state, lootboxId: null, version: null, base: EMPTY_CART };
}

/** The same items (product, quantity, time of change, offer) and tombstones, in the same order. */
export function sameCart(a: Cart, b: Cart): boolean {
  const key = (cart: Cart) =>
    JSON.stringify([
      cart.items.map((item) => [item.productId, item.quantity, item.updatedAt, item.appliedOfferId ?? null]),
      cart.removed.map((removal) => [removal.productId, removal.removedAt]),
    ]);
  return key(a) === key(b);
}

/** Edits made here that the server has not acknowledged. */
export const hasUnsavedEdits = (state: CartState): boolean => !sameCart(state.cart, state.base);

/**
 * The lootbox `base` was read from has ended (Clear elsewhere: completed at `endedAt`, ms): as if every item of base
 * was removed then (a Clear in one tab is not undone by another). Items added or changed here after it survive, as
 * do items base never had. A lootbox gone altogether (deleted) is passed endedAt 0: only the edits made here since
 * the last acknowledged save (those that differ from base) survive.
 */
export function withBaseEnded(base: Cart, mine: Cart, endedAt: number): Cart {
  return mergeCarts(base, mine, {
    items: [],
    removed: base.items.map((item) => ({ productId: item.productId, removedAt: endedAt })),
  });
}

/** The items of `current` added or changed since `before` (a new lootbox's start: no tombstones). */
export function editsSince(before: Cart, current: Cart): Cart {
  return {
    items: current.items.filter((item) => {
      const was = before.items.find((candidate) => candidate.productId === item.productId);
      return (
        !was ||
        was.updatedAt !== item.updatedAt ||
        was.quantity !== item.quantity ||
        (was.appliedOfferId ?? null) !== (item.appliedOfferId ?? null)
      );
    }),
    removed: [],
  };
}

/** When a lootbox that is not active any more ended: its last save (completed), or 0 when it is gone. */
export function endedAt(lootbox: Lootbox | null): number {
  const at = lootbox ? Date.parse(lootbox.updatedAt) : 0;
  return Number.isFinite(at) ? at : 0;
}

/** A save answered 409, or 404 for the lootbox it was based on: read the newer copy, merge, save again. */
export function isStaleSave(error: unknown, lootboxId: string | null): boolean {
  return error instanceof ApiError && (error.status === 409 || (error.status === 404 && lootboxId !== null));
}

/** The index of the item a 400 names as not a product (lootbox.service.ts: `items.N.productId: No product id`). */
export function unknownProductIndex(error: unknown, sent: Cart): number {
  if (!(error instanceof ApiError) || error.status !== 400) return -1;
  return sent.items.findIndex(
    (item, index) =>
      error.message ===
      SERVER_MESSAGES.validation(`items.${index}.productId`, LOOTBOX_MESSAGES.unknownProduct(item.productId)),
  );
}

/** A 4xx the shopper should hear of: it will not go away by itself (a conflict is merged, a 401 signs out). */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
}

/** What a save sends: the shopper's choices only (the server prices them), with the version they were based on. */
export function toLootboxBody(
  uid: string,
  sent: Cart,
  version: number | null,
  totalValue: number,
): LootboxBody {
  return {
    userId: uid,
    items: sent.items.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      fromKlip: item.fromKlip,
      appliedOfferId: item.appliedOfferId ?? null,
      updatedAt: item.updatedAt,
    })),
    removed: sent.removed,
    totalValue,
    ...(version === null ? {} : { version }),
  };
}

/**
 * A line priced here until the server answers for this state of the item (docs/product.md "Price calculation"):
 * the item's offer applies only while it runs at `now`; availability is the server's last word, else available.
 */
export function priceLocally(
  item: CartItem,
  terms: ProductOffer | undefined,
  known: LootboxItem | undefined,
  now: number,
): LootboxItem {
  const offer =
    terms && terms.offerId === item.appliedOfferId && getOfferState(terms, now) === 'active' ? terms : null;
  const line = priceLine({ price: item.originalPrice, discount: item.discount }, offer, item.quantity);
  return {
    ...item,
    appliedOfferId: item.appliedOfferId ?? null,
    appliedOffer: offer,
    ...toWireLinePrice(line, known?.available ?? true),
  };
}

/** The server's line while it describes the item as it is here (quantity and offer), else one priced here. */
export function toSnapshot(state: CartState, now: number): CartSnapshot {
  const items = state.cart.items.map((item) => {
    const line = state.serverLines.get(item.productId);
    const current =
      line &&
      line.quantity === item.quantity &&
      (line.appliedOfferId ?? null) === (item.appliedOfferId ?? null);
    if (current) return line;
    const terms = item.appliedOfferId ? state.offers[item.productId] : undefined;
    return priceLocally(item, terms, line, now);
  });
  return { status: state.status, items, totalValue: sumWireLines(items), lootboxId: state.lootboxId };
}
