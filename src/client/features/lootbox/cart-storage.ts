// The Loot Box's stored copy in this browser (docs/product.md "Cart (Loot Box) persistence"): `cart_{uid}` holds the
// items with their tombstones, the lootbox and version they belong to and the base the server last answered;
// `cartOffers_{uid}` the claimed offers' terms. Written on every change and every answer; read back with care.
import { CART_OFFERS_STORAGE_KEY_PREFIX, CART_STORAGE_KEY_PREFIX } from '../../../shared/constants.ts';
import { EMPTY_CART, type Cart, type CartItem, type CartRemoval } from '../../../shared/domain/cart.ts';
import type { CartState, Offers } from './cart-state.ts';

/** The stored copy: the items with their tombstones, which lootbox and version they belong to, and that version. */
export interface StoredCart extends Cart {
  lootboxId: string | null;
  version: number | null;
  /** The cart as the server last answered it (the merge's base for edits not saved yet). */
  base: Cart;
}

const cartKey = (uid: string) => `${CART_STORAGE_KEY_PREFIX}${uid}`;
const offersKey = (uid: string) => `${CART_OFFERS_STORAGE_KEY_PREFIX}${uid}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Checked by hand rather than with the contract's zod schemas, which would add zod to this chunk for a copy we
// wrote ourselves; anything odd is dropped, never trusted.
function parseItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { productId, name, price, originalPrice, discount, quantity, thumbnail, fromKlip, appliedOfferId } =
    value;
  const updatedAt = typeof value.updatedAt === 'number' ? value.updatedAt : 0;
  if (typeof productId !== 'string' || typeof quantity !== 'number' || !Number.isInteger(quantity))
    return null;
  if (quantity < 1) return null;
  return {
    productId,
    name: typeof name === 'string' ? name : '',
    price: typeof price === 'number' ? price : 0,
    originalPrice: typeof originalPrice === 'number' ? originalPrice : 0,
    discount: typeof discount === 'number' ? discount : 0,
    quantity,
    thumbnail: typeof thumbnail === 'string' ? thumbnail : '',
    fromKlip: fromKlip === true,
    ...(typeof appliedOfferId === 'string' ? { appliedOfferId } : {}),
    updatedAt,
  };
}

function parseRemovals(value: unknown): CartRemoval[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((removal: unknown) =>
    isRecord(removal) && typeof removal.productId === 'string' && typeof removal.removedAt === 'number'
      ? [{ productId: removal.productId, removedAt: removal.removedAt }]
      : [],
  );
}

function parseCart(value: unknown): Cart {
  if (!isRecord(value) || !Array.isArray(value.items)) return EMPTY_CART;
  return {
    items: value.items.flatMap((item: unknown) => {
      const parsed = parseItem(item);
      return parsed ? [parsed] : [];
    }),
    removed: parseRemovals(value.removed),
  };
}

/** A stored copy as read back (JSON.parse's answer): null when there is none; odd items and fields are dropped. */
export function parseStoredCart(value: unknown): StoredCart | null {
  if (!isRecord(value) || !Array.isArray(value.items)) return null;
  return {
    ...parseCart(value),
    lootboxId: typeof value.lootboxId === 'string' ? value.lootboxId : null,
    version: typeof value.version === 'number' ? value.version : null,
    base: parseCart(value.base),
  };
}

/** The stored offers' terms; an entry that is not an offer's terms is dropped. */
export function parseStoredOffers(value: unknown): Offers {
  if (!isRecord(value)) return {};
  const offers: Offers = {};
  for (const [productId, offer] of Object.entries(value)) {
    if (
      isRecord(offer) &&
      typeof offer.offerId === 'string' &&
      (offer.discountType === 'percentage' || offer.discountType === 'fixed') &&
      typeof offer.discountValue === 'number'
    ) {
      offers[productId] = offer as unknown as Offers[string];
    }
  }
  return offers;
}

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null; // storage blocked, or not JSON: as if nothing was stored
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked or full: the server's copy is the one that lasts.
  }
}

function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored.
  }
}

export function readStoredCart(uid: string): StoredCart | null {
  return parseStoredCart(readJson(cartKey(uid)));
}

export function readStoredOffers(uid: string): Offers {
  return parseStoredOffers(readJson(offersKey(uid)));
}

export function writeStoredCart(uid: string, { cart, lootboxId, version, base, offers }: CartState): void {
  const stored: StoredCart = { ...cart, lootboxId, version, base };
  writeJson(cartKey(uid), stored);
  writeJson(offersKey(uid), offers);
}

/** After a Clear that left nothing: both stored copies go. */
export function removeStoredCart(uid: string): void {
  removeKey(cartKey(uid));
  removeKey(offersKey(uid));
}
