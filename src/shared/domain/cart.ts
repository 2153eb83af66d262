// The Loot Box (docs/product.md "Loot Box item", "Cart (Loot Box) persistence", "Cart", "Seller grouping"), pure:
// the caller passes the time ("now", ms since the epoch). Prices are never stored as truth here: priceCart asks
// offers.ts's priceLine for every line, with the product's current price and offer terms from a lookup.
//
// Merging two copies of one cart (decision 0038: no lost items across tabs and devices). The minimal data:
// - every item carries `updatedAt`, set whenever it is added or its quantity changes;
// - a removal leaves a tombstone `{productId, removedAt}` in `removed`, so that "removed here" differs from
//   "never seen here"; adding the product again drops its tombstone.
// mergeCarts(base, mine, theirs) is a three-way merge per product: base is the version both copies started from
// (the one a save was based on), mine the local copy, theirs the newer one the server answered with its 409. A side
// that did not change a product since base takes the other side's state, whatever the clocks say (two devices'
// clocks differ); only when both changed it does the newest change win (updatedAt against removedAt). On a tie an
// item beats a removal (nothing is lost) and two items take mine. Tombstones are kept while they are the winning
// state, at most CART_REMOVED_KEPT of them (the newest; the server keeps no more); clearing the cart (status
// completed) starts a new lootbox. A merge holds at most CART_ITEMS_MAX items: the ones changed most recently.
import { CART_ITEMS_MAX, CART_QUANTITY_MAX, CART_REMOVED_KEPT, MIN_QUANTITY } from '../constants.ts';
import { normalizeContactEntry, toIndianPhoneNumber, toPhoneDigits } from './contact.ts';
import { priceLine, type OfferLinePrice, type OfferTerms, type WirePrice } from './offers.ts';
import { paiseToRupees, rupeesToPaise, sumLines, type Paise } from './pricing.ts';

/** docs/product.md "Loot Box item". Prices in rupees, as the wire carries them. */
export interface CartItem {
  productId: string;
  name: string;
  /** Unit price after the product's own discount, rupees. */
  price: number;
  originalPrice: number;
  /** The product's own discount, percent. */
  discount: number;
  quantity: number;
  thumbnail: string;
  fromKlip: boolean;
  /** The claimed offer's id; its terms come from the server (priceCart's lookup), never from the stored item. */
  appliedOfferId?: string;
  /** When the item was added or its quantity last changed (ms since the epoch). */
  updatedAt: number;
}

/** A removal, remembered so that a merge knows the product was taken out rather than never added. */
export interface CartRemoval {
  productId: string;
  removedAt: number;
}

export interface Cart {
  items: CartItem[];
  removed: CartRemoval[];
}

export type NewCartItem = Omit<CartItem, 'updatedAt' | 'quantity'> & { quantity?: number };

export const EMPTY_CART: Cart = { items: [], removed: [] };

export type CartErrorCode = 'quantity' | 'full';

/** Thrown for a quantity that is not a whole number from 1 to CART_QUANTITY_MAX, or an add to a full cart. */
export class CartError extends RangeError {
  readonly code: CartErrorCode;

  constructor(code: CartErrorCode, message: string) {
    super(message);
    this.name = 'CartError';
    this.code = code;
  }
}

/** A whole number from 1 (docs/product.md "Cart (Loot Box) persistence": below 1 is refused) to our maximum. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= CART_QUANTITY_MAX;
}

function checkQuantity(quantity: number): void {
  if (!isValidQuantity(quantity)) {
    throw new CartError(
      'quantity',
      `quantity must be a whole number from ${MIN_QUANTITY} to ${CART_QUANTITY_MAX}`,
    );
  }
}

/**
 * docs/product.md "Cart (Loot Box) persistence": a product already in the cart is ignored (the same cart is
 * returned); an item from a klip has quantity 1 ("Loot Box item"). Throws CartError for a bad quantity or when the
 * cart already holds CART_ITEMS_MAX items.
 */
export function addItem(cart: Cart, item: NewCartItem, now: number): Cart {
  if (cart.items.some((existing) => existing.productId === item.productId)) return cart;
  const quantity = item.fromKlip ? MIN_QUANTITY : (item.quantity ?? MIN_QUANTITY);
  checkQuantity(quantity);
  if (cart.items.length >= CART_ITEMS_MAX) {
    throw new CartError('full', `a Loot Box holds at most ${CART_ITEMS_MAX} items`);
  }
  return {
    items: [...cart.items, { ...item, quantity, updatedAt: now }],
    removed: cart.removed.filter((removal) => removal.productId !== item.productId),
  };
}

/** Takes the product out, leaving a tombstone; a product not in the cart leaves the cart as it is. */
export function removeItem(cart: Cart, productId: string, now: number): Cart {
  if (!cart.items.some((item) => item.productId === productId)) return cart;
  return {
    items: cart.items.filter((item) => item.productId !== productId),
    removed: capRemovals([
      ...cart.removed.filter((removal) => removal.productId !== productId),
      { productId, removedAt: now },
    ]),
  };
}

/** The newest CART_REMOVED_KEPT tombstones, in their order: older ones are forgotten rather than refused. */
export function capRemovals(removed: readonly CartRemoval[]): CartRemoval[] {
  if (removed.length <= CART_REMOVED_KEPT) return [...removed];
  const kept = new Set([...removed].sort((a, b) => b.removedAt - a.removedAt).slice(0, CART_REMOVED_KEPT));
  return removed.filter((removal) => kept.has(removal));
}

/** Throws CartError('quantity') below 1 (the spec's "refused"), for a fraction or above CART_QUANTITY_MAX. */
export function setQuantity(cart: Cart, productId: string, quantity: number, now: number): Cart {
  checkQuantity(quantity);
  if (!cart.items.some((item) => item.productId === productId)) return cart;
  return {
    ...cart,
    items: cart.items.map((item) =>
      item.productId === productId && item.quantity !== quantity
        ? { ...item, quantity, updatedAt: now }
        : item,
    ),
  };
}

/** A product as it is now, for pricing: its price and discount, and the terms of the item's offer when it runs. */
export interface CurrentProduct extends WirePrice {
  activeOffer: OfferTerms | null;
}

export interface PricedCartLine {
  item: CartItem;
  /** null: the product no longer exists (shown as unavailable, not counted in the total). */
  price: OfferLinePrice | null;
}

export interface PricedCart {
  lines: PricedCartLine[];
  total: Paise;
}

/** Every line through priceLine with the product's current price and offer; the total is the sum of the lines. */
export function priceCart(
  items: readonly CartItem[],
  lookup: (productId: string) => CurrentProduct | null | undefined,
): PricedCart {
  const lines = items.map((item) => {
    const product = lookup(item.productId);
    return { item, price: product ? priceLine(product, product.activeOffer, item.quantity) : null };
  });
  return { lines, total: sumLines(lines.flatMap((line) => (line.price ? [line.price] : []))) };
}

/** A priced line's figures as the wire carries them, in rupees; a line that is not available counts 0. */
export function toWireLinePrice(line: OfferLinePrice, available: boolean) {
  return {
    finalPrice: paiseToRupees(line.unit.finalPrice),
    lineTotal: available ? paiseToRupees(line.lineTotal) : 0,
    shortBy: paiseToRupees(line.shortBy),
    available,
  };
}

/** The total of the available wire lines, in rupees, added up in paise so that no rupee fraction drifts. */
export function sumWireLines(lines: readonly { lineTotal: number; available: boolean }[]): number {
  const paise = lines.reduce((sum, line) => (line.available ? sum + rupeesToPaise(line.lineTotal) : sum), 0);
  return paiseToRupees(paise as Paise);
}

/** A seller's contact entries as a product carries them (docs/product.md "Product" metadata.contactInfo). */
export interface SellerContact {
  whatsapp?: unknown;
  phone?: unknown;
  email?: unknown;
}

/**
 * docs/product.md "Seller grouping": the WhatsApp number, else the phone number, written the same way however the
 * seller typed it (+91 98765 43210 and 9876543210 are one seller). Our decision: with neither, the e-mail
 * (lowercased), since the quote then goes by e-mail; with none of them, null: the item is a seller of its own.
 */
export function sellerGroupKey(contact: SellerContact): string | null {
  for (const entry of [contact.whatsapp, contact.phone]) {
    const value = normalizeContactEntry(entry);
    if (toPhoneDigits(value)) return `phone:${toIndianPhoneNumber(value)}`;
  }
  const email = normalizeContactEntry(contact.email).toLowerCase();
  return email ? `email:${email}` : null;
}

export interface SellerGroup<T> {
  /** null: a group of one item whose seller left no contact entry. */
  key: string | null;
  items: T[];
}

/** Items grouped by seller, groups in the order of their first item; items without a key stand alone. */
export function groupBySeller<T>(
  items: readonly T[],
  contactOf: (item: T) => SellerContact,
): SellerGroup<T>[] {
  const groups: SellerGroup<T>[] = [];
  const byKey = new Map<string, SellerGroup<T>>();
  for (const item of items) {
    const key = sellerGroupKey(contactOf(item));
    const existing = key === null ? undefined : byKey.get(key);
    if (existing) {
      existing.items.push(item);
      continue;
    }
    const group = { key, items: [item] };
    groups.push(group);
    if (key !== null) byKey.set(key, group);
  }
  return groups;
}

/**
 * docs/product.md "Loot Box dialog": Request Quote only when every selected product comes from one and the same
 * seller. One selected item always qualifies; none never does.
 */
export function canRequestQuote(selected: readonly SellerContact[]): boolean {
  if (selected.length === 0) return false;
  if (selected.length === 1) return true;
  const keys = new Set(selected.map(sellerGroupKey));
  return keys.size === 1 && !keys.has(null);
}

type ProductState =
  { kind: 'item'; item: CartItem } | { kind: 'removed'; removal: CartRemoval } | { kind: 'absent' };

function stateOf(cart: Cart, productId: string): ProductState {
  const item = cart.items.find((candidate) => candidate.productId === productId);
  if (item) return { kind: 'item', item };
  const removal = cart.removed.find((candidate) => candidate.productId === productId);
  return removal ? { kind: 'removed', removal } : { kind: 'absent' };
}

function sameState(a: ProductState, b: ProductState): boolean {
  if (a.kind === 'item' && b.kind === 'item') {
    return a.item.updatedAt === b.item.updatedAt && a.item.quantity === b.item.quantity;
  }
  if (a.kind === 'removed' && b.kind === 'removed') return a.removal.removedAt === b.removal.removedAt;
  return a.kind === b.kind;
}

function changedAt(state: ProductState): number {
  if (state.kind === 'item') return state.item.updatedAt;
  return state.kind === 'removed' ? state.removal.removedAt : Number.NEGATIVE_INFINITY;
}

function newest(mine: ProductState, theirs: ProductState): ProductState {
  const mineAt = changedAt(mine);
  const theirsAt = changedAt(theirs);
  if (mineAt !== theirsAt) return mineAt > theirsAt ? mine : theirs;
  return theirs.kind === 'item' && mine.kind !== 'item' ? theirs : mine;
}

/**
 * Three-way merge of two copies of one cart; see the header. Items keep base's order, then mine's new ones, then
 * theirs'. `dropped`: the items left out because the merge came to more than CART_ITEMS_MAX (the oldest changes).
 */
export function mergeCartsWithDropped(
  base: Cart,
  mine: Cart,
  theirs: Cart,
): { cart: Cart; dropped: CartItem[] } {
  const productIds = new Set(
    [base, mine, theirs]
      .flatMap((cart) => cart.items.map((item) => item.productId))
      .concat([mine, theirs, base].flatMap((cart) => cart.removed.map((removal) => removal.productId))),
  );
  const merged: Cart = { items: [], removed: [] };
  for (const productId of productIds) {
    const was = stateOf(base, productId);
    const mineState = stateOf(mine, productId);
    const theirsState = stateOf(theirs, productId);
    const winner = sameState(mineState, was)
      ? theirsState
      : sameState(theirsState, was)
        ? mineState
        : newest(mineState, theirsState);
    if (winner.kind === 'item') merged.items.push(winner.item);
    if (winner.kind === 'removed') merged.removed.push(winner.removal);
  }
  let dropped: CartItem[] = [];
  if (merged.items.length > CART_ITEMS_MAX) {
    // Newest first; on a tie the earlier in the list stays.
    const kept = new Set(
      merged.items
        .map((item, index) => ({ item, index }))
        .sort((a, b) => b.item.updatedAt - a.item.updatedAt || a.index - b.index)
        .slice(0, CART_ITEMS_MAX)
        .map(({ item }) => item),
    );
    dropped = merged.items.filter((item) => !kept.has(item));
    merged.items = merged.items.filter((item) => kept.has(item));
  }
  return { cart: { items: merged.items, removed: capRemovals(merged.removed) }, dropped };
}

/** mergeCartsWithDropped's cart. */
export function mergeCarts(base: Cart, mine: Cart, theirs: Cart): Cart {
  return mergeCartsWithDropped(base, mine, theirs).cart;
}
