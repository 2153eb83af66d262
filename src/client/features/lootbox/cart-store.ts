// One signed-in user's Loot Box on the client (docs/product.md "Cart (Loot Box) persistence"), outside React so
// that its timing can be tested on its own: load the first active lootbox, else the stored copy; save 1 s after a
// change (PUT with the version it was based on, POST only with no lootbox id and at least one item); on a 409 read
// the newer copy, merge three ways (cart.ts mergeCarts) and save again (decision 0038). The stored copy
// (`cart_{uid}`, `cartOffers_{uid}`) is written on every change and every answer, whether or not the server saved.
// Loaded lazily by CartProvider, so none of this is in the first download of a page.
import {
  CART_AUTOSAVE_DEBOUNCE_MS,
  CART_ITEMS_MAX,
  CART_OFFERS_STORAGE_KEY_PREFIX,
  CART_SAVE_ATTEMPTS,
  CART_SAVE_RETRY_MS,
  CART_STORAGE_KEY_PREFIX,
} from '../../../shared/constants.ts';
import type {
  Lootbox,
  LootboxBody,
  LootboxItem,
  LootboxListResponse,
  LootboxResponse,
} from '../../../shared/contracts/lootbox.ts';
import type { ProductOffer } from '../../../shared/contracts/products.ts';
import {
  addItem as addToCart,
  EMPTY_CART,
  mergeCarts,
  mergeCartsWithDropped,
  removeItem as removeFromCart,
  setQuantity,
  type Cart,
  type CartItem,
  type CartRemoval,
} from '../../../shared/domain/cart.ts';
import { getOfferState, priceLine } from '../../../shared/domain/offers.ts';
import { paiseToRupees, rupeesToPaise, type Paise } from '../../../shared/domain/pricing.ts';
import { LOOTBOX_MESSAGES, SERVER_MESSAGES } from '../../../shared/messages.ts';
import { ApiError, type ApiClient } from '../../lib/api-client.ts';
import type { AddableProduct, AddOptions } from './cart-context.ts';

export interface CartSnapshot {
  status: 'loading' | 'ready';
  items: LootboxItem[];
  totalValue: number;
  lootboxId: string | null;
}

/** The stored copy: the items with their tombstones, which lootbox and version they belong to, and that version. */
interface StoredCart extends Cart {
  lootboxId: string | null;
  version: number | null;
  /** The cart as the server last answered it (the merge's base for edits not saved yet). */
  base: Cart;
}

type Offers = Record<string, ProductOffer>;

export interface CartStoreOptions {
  uid: string;
  api: ApiClient;
  /** A refusal the shopper should hear of (a 4xx other than a conflict); network trouble is silent. */
  onSaveRefused?: (message: string) => void;
  /** Something the shopper should know that is not a refusal: a merge over the maximum, a product taken out. */
  onNotice?: (message: string) => void;
  now?: () => number;
}

const cartKey = (uid: string) => `${CART_STORAGE_KEY_PREFIX}${uid}`;
const offersKey = (uid: string) => `${CART_OFFERS_STORAGE_KEY_PREFIX}${uid}`;

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Checked by hand rather than with the contract's zod schemas, which would add zod to this chunk for a copy we
// wrote ourselves; anything odd is dropped, never trusted.
function readItem(value: unknown): CartItem | null {
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

function readRemovals(value: unknown): CartRemoval[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((removal: unknown) =>
    isRecord(removal) && typeof removal.productId === 'string' && typeof removal.removedAt === 'number'
      ? [{ productId: removal.productId, removedAt: removal.removedAt }]
      : [],
  );
}

function readCart(value: unknown): Cart {
  if (!isRecord(value) || !Array.isArray(value.items)) return EMPTY_CART;
  return {
    items: value.items.flatMap((item: unknown) => {
      const read = readItem(item);
      return read ? [read] : [];
    }),
    removed: readRemovals(value.removed),
  };
}

function readStoredCart(uid: string): StoredCart | null {
  const value = readJson(cartKey(uid));
  if (!isRecord(value) || !Array.isArray(value.items)) return null;
  return {
    ...readCart(value),
    lootboxId: typeof value.lootboxId === 'string' ? value.lootboxId : null,
    version: typeof value.version === 'number' ? value.version : null,
    base: readCart(value.base),
  };
}

function readStoredOffers(uid: string): Offers {
  const value = readJson(offersKey(uid));
  if (!isRecord(value)) return {};
  const offers: Offers = {};
  for (const [productId, offer] of Object.entries(value)) {
    if (
      isRecord(offer) &&
      typeof offer.offerId === 'string' &&
      (offer.discountType === 'percentage' || offer.discountType === 'fixed') &&
      typeof offer.discountValue === 'number'
    ) {
      offers[productId] = offer as unknown as ProductOffer;
    }
  }
  return offers;
}

/** The shopper's choices in a lootbox the server answered: what the merge and the stored copy work on. */
function toCart(lootbox: Lootbox): Cart {
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

function sameCart(a: Cart, b: Cart): boolean {
  const key = (cart: Cart) =>
    JSON.stringify([
      cart.items.map((item) => [item.productId, item.quantity, item.updatedAt, item.appliedOfferId ?? null]),
      cart.removed.map((removal) => [removal.productId, removal.removedAt]),
    ]);
  return key(a) === key(b);
}

const sumRupees = (values: readonly number[]) =>
  paiseToRupees(values.reduce((sum, value) => sum + rupeesToPaise(value), 0) as Paise);

/**
 * The lootbox `base` was read from has ended (Clear elsewhere: completed at `endedAt`, ms): as if every item of base
 * was removed then (review: a Clear in one tab is not undone by another). Items added or changed here after it
 * survive, as do items base never had. A lootbox gone altogether (deleted) is passed endedAt 0: only the edits made
 * here since the last acknowledged save (those that differ from base) survive.
 */
export function withBaseEnded(base: Cart, mine: Cart, endedAt: number): Cart {
  return mergeCarts(base, mine, {
    items: [],
    removed: base.items.map((item) => ({ productId: item.productId, removedAt: endedAt })),
  });
}

/** The items of `current` added or changed since `before` (a new lootbox's start: no tombstones). */
function editsSince(before: Cart, current: Cart): Cart {
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
function endedAt(lootbox: Lootbox | null): number {
  const at = lootbox ? Date.parse(lootbox.updatedAt) : 0;
  return Number.isFinite(at) ? at : 0;
}

/** The index of the item a 400 names as not a product (lootbox.service.ts: `items.N.productId: No product id`). */
function unknownProductIndex(error: unknown, sent: Cart): number {
  if (!(error instanceof ApiError) || error.status !== 400) return -1;
  return sent.items.findIndex(
    (item, index) =>
      error.message ===
      SERVER_MESSAGES.validation(`items.${index}.productId`, LOOTBOX_MESSAGES.unknownProduct(item.productId)),
  );
}

export function createCartStore({ uid, api, onSaveRefused, onNotice, now = Date.now }: CartStoreOptions) {
  let status: CartSnapshot['status'] = 'loading';
  let cart: Cart = EMPTY_CART;
  let base: Cart = EMPTY_CART;
  let offers: Offers = {};
  let lootboxId: string | null = null;
  let version: number | null = null;
  /** The server's priced lines of its last answer, shown while they still describe the item. */
  let serverLines = new Map<string, LootboxItem>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> | null = null;
  let saveAgain = false;
  /** A Clear under way: saves wait for it (review: a save racing a Clear). */
  let clearing = false;
  let saveAfterClear = false;
  /** The first read of the server failed: the stored copy stands in until a save meets the server's. */
  let loadFailed = false;
  let disposed = false;
  const listeners = new Set<() => void>();
  let idleWaiters: (() => void)[] = [];
  let snapshot: CartSnapshot = { status, items: [], totalValue: 0, lootboxId };

  /** A line priced here until the server answers for this state of the item (docs/product.md "Price calculation"). */
  function priceLocally(item: CartItem): LootboxItem {
    const known = serverLines.get(item.productId);
    const terms = item.appliedOfferId ? offers[item.productId] : undefined;
    const offer =
      terms && terms.offerId === item.appliedOfferId && getOfferState(terms, now()) === 'active'
        ? terms
        : null;
    const line = priceLine({ price: item.originalPrice, discount: item.discount }, offer, item.quantity);
    const available = known?.available ?? true;
    return {
      productId: item.productId,
      name: item.name,
      price: item.price,
      originalPrice: item.originalPrice,
      discount: item.discount,
      quantity: item.quantity,
      thumbnail: item.thumbnail,
      fromKlip: item.fromKlip,
      appliedOfferId: item.appliedOfferId ?? null,
      appliedOffer: offer,
      finalPrice: paiseToRupees(line.unit.finalPrice),
      lineTotal: available ? paiseToRupees(line.lineTotal) : 0,
      shortBy: paiseToRupees(line.shortBy),
      available,
      updatedAt: item.updatedAt,
    };
  }

  function emit(): void {
    const items = cart.items.map((item) => {
      const line = serverLines.get(item.productId);
      const current =
        line &&
        line.quantity === item.quantity &&
        (line.appliedOfferId ?? null) === (item.appliedOfferId ?? null);
      return current ? line : priceLocally(item);
    });
    const totalValue = sumRupees(items.filter((item) => item.available).map((item) => item.lineTotal));
    snapshot = { status, items, totalValue, lootboxId };
    for (const listener of listeners) listener();
  }

  function writeLocal(): void {
    const stored: StoredCart = { ...cart, lootboxId, version, base };
    writeJson(cartKey(uid), stored);
    writeJson(offersKey(uid), offers);
  }

  function adopt(lootbox: Lootbox): void {
    lootboxId = lootbox.id;
    version = lootbox.version;
    base = toCart(lootbox);
    serverLines = new Map(lootbox.items.map((item) => [item.productId, item]));
    for (const item of lootbox.items) {
      if (item.appliedOffer) offers = { ...offers, [item.productId]: item.appliedOffer };
    }
  }

  function forgetLootbox(): void {
    lootboxId = null;
    version = null;
    base = EMPTY_CART;
  }

  async function findActiveLootbox(): Promise<Lootbox | null> {
    const answer = await api.get<LootboxListResponse>('/lootbox', { query: { status: 'active', limit: 1 } });
    return answer.lootboxes[0] ?? null;
  }

  function toBody(sent: Cart): LootboxBody {
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
      totalValue: snapshot.totalValue,
      ...(version === null ? {} : { version }),
    };
  }

  /** Our lootbox as the server has it now; null when it is gone (deleted, or never ours). */
  async function readLootbox(id: string): Promise<Lootbox | null> {
    try {
      return (await api.get<LootboxResponse>(`/lootbox/${encodeURIComponent(id)}`)).lootbox;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** Merged into the server's copy: the merge's cart, and a word to the shopper when it held too many items. */
  function mergeInto(mergeBase: Cart, mine: Cart, theirs: Cart): Cart {
    const { cart: merged, dropped } = mergeCartsWithDropped(mergeBase, mine, theirs);
    if (dropped.length > 0) onNotice?.(LOOTBOX_MESSAGES.trimmedToMax(CART_ITEMS_MAX));
    return merged;
  }

  /**
   * A 409 (or our lootbox gone): the newer copy becomes the base, and the local edits are merged into it. Our
   * lootbox completed (a Clear elsewhere) or gone: its items count as removed then (withBaseEnded), and what is left
   * joins another tab's new lootbox or starts one.
   */
  async function mergeWithServer(): Promise<void> {
    let theirs: Lootbox | null = null;
    if (lootboxId) {
      const ours = await readLootbox(lootboxId);
      if (disposed) return;
      if (ours?.status === 'active') {
        theirs = ours;
      } else {
        cart = withBaseEnded(base, cart, endedAt(ours));
        forgetLootbox();
      }
    }
    theirs ??= await findActiveLootbox();
    if (disposed) return;
    if (theirs) {
      const mergeBase = theirs.id === lootboxId ? base : EMPTY_CART;
      const merged = mergeInto(mergeBase, cart, toCart(theirs));
      adopt(theirs);
      cart = merged;
    }
    writeLocal();
    emit();
  }

  async function save(): Promise<void> {
    for (let attempt = 0; attempt < CART_SAVE_ATTEMPTS; attempt++) {
      const sent = cart;
      let answer: LootboxResponse;
      try {
        if (lootboxId) {
          answer = await api.put<LootboxResponse>(`/lootbox/${encodeURIComponent(lootboxId)}`, toBody(sent));
        } else if (sent.items.length > 0) {
          answer = await api.post<LootboxResponse>('/lootbox', toBody(sent));
        } else {
          return;
        }
      } catch (error) {
        if (disposed) return;
        const unknown = unknownProductIndex(error, sent);
        if (unknown >= 0) {
          // A product deleted before it was ever saved: the server will never take it, so it goes (no tombstone:
          // it was never in a save) and the rest is saved again.
          const gone = sent.items[unknown]!;
          cart = { ...cart, items: cart.items.filter((item) => item.productId !== gone.productId) };
          writeLocal();
          emit();
          onNotice?.(LOOTBOX_MESSAGES.productGone(gone.name || gone.productId));
          continue;
        }
        const stale =
          error instanceof ApiError && (error.status === 409 || (error.status === 404 && lootboxId !== null));
        if (!stale) throw error;
        await mergeWithServer();
        continue;
      }
      if (disposed) return;
      loadFailed = false;
      adopt(answer.lootbox);
      // Changed while the request was out: the newer local state stays, and its own save is already scheduled.
      if (cart === sent) cart = toCart(answer.lootbox);
      writeLocal();
      emit();
      return;
    }
    // Other saves kept landing first: not the shopper's problem (no toast); tried again after a pause, or sooner
    // with the next change.
    retryLater();
  }

  function retryLater(): void {
    if (disposed || timer !== undefined) return;
    timer = setTimeout(runSave, CART_SAVE_RETRY_MS);
  }

  function settleIdle(): void {
    if (timer !== undefined || saving) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function runSave(): void {
    timer = undefined;
    if (clearing) {
      saveAfterClear = true;
      return;
    }
    if (saving) {
      saveAgain = true;
      return;
    }
    saving = save()
      .catch((error: unknown) => {
        if (disposed) return;
        // The stored copy holds the change either way; a refusal that will not go away by itself is said.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
          onSaveRefused?.(LOOTBOX_MESSAGES.serverError(error.message));
        }
      })
      .finally(() => {
        saving = null;
        if (saveAgain && !disposed) {
          saveAgain = false;
          runSave();
        }
        settleIdle();
      });
  }

  function scheduleSave(): void {
    if (disposed) return;
    if (clearing) {
      // Saved once the Clear is done, on top of it.
      saveAfterClear = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(runSave, CART_AUTOSAVE_DEBOUNCE_MS);
  }

  /** A change to the items or offers: stored at once, shown at once, saved after the debounce. */
  function change(next: Cart, nextOffers: Offers = offers): void {
    if (next === cart && nextOffers === offers) return;
    cart = next;
    offers = nextOffers;
    writeLocal();
    emit();
    scheduleSave();
  }

  /**
   * The stored copy's items as they stand once the lootbox it was based on is known to be over: read it (one
   * active lootbox per user, so another id than the active one, or none active, means completed or deleted), and
   * let its end remove what it held (withBaseEnded). Unreadable: kept as stored, to be merged on the next 409.
   */
  async function localAfterItsLootbox(local: StoredCart): Promise<Cart> {
    const mine: Cart = { items: local.items, removed: local.removed };
    if (!local.lootboxId) return mine;
    let ended: Lootbox | null;
    try {
      ended = await readLootbox(local.lootboxId);
    } catch {
      return withBaseEnded(local.base, mine, 0);
    }
    // Active after all (made active between the two reads: not by this app): its items are the base's.
    if (ended?.status === 'active') return mine;
    return withBaseEnded(local.base, mine, endedAt(ended));
  }

  async function load(): Promise<void> {
    const local = readStoredCart(uid);
    offers = readStoredOffers(uid);
    let server: Lootbox | null = null;
    let loaded = false;
    try {
      server = await findActiveLootbox();
      loaded = true;
    } catch {
      // docs/product.md "Cart (Loot Box) persistence": loading failed, so the stored copy is the cart.
    }
    if (disposed) return;
    if (server) {
      // Edits stored here but not saved (a tab closed within the debounce) are merged into the server's copy; a
      // copy based on another lootbox (cleared since) keeps only what was added or changed after that Clear.
      let mine: Cart | null = null;
      let mineBase: Cart = EMPTY_CART;
      if (local?.lootboxId === server.id) {
        mine = local;
        mineBase = local.base;
      } else if (local) {
        mine = await localAfterItsLootbox(local);
        if (disposed) return;
      }
      adopt(server);
      cart = base;
      if (mine) {
        const merged = mergeInto(mineBase, mine, base);
        if (!sameCart(merged, base)) {
          cart = merged;
          scheduleSave();
        }
      }
    } else if (local) {
      if (loaded) {
        // No active lootbox: the one the stored copy was based on was cleared (completed) or deleted elsewhere.
        // What was added or changed here since starts a new one.
        cart = await localAfterItsLootbox(local);
        if (disposed) return;
        forgetLootbox();
        if (cart.items.length > 0) scheduleSave();
      } else {
        cart = { items: local.items, removed: local.removed };
        lootboxId = local.lootboxId;
        version = local.version;
        base = local.base;
        // Edits not saved yet are tried again (a 409 there merges with whatever the server has by then).
        if (!sameCart(cart, base)) scheduleSave();
      }
    }
    if (!loaded) loadFailed = true;
    status = 'ready';
    writeLocal();
    emit();
  }

  /** Back online after a failed load or save: the edits not saved yet are tried again. */
  function onOnline(): void {
    if (disposed || status !== 'ready') return;
    if (loadFailed || !sameCart(cart, base)) scheduleSave();
  }
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  const loading = load();

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
      const offer = options.offer ?? null;
      const existing = cart.items.find((item) => item.productId === product.id);
      const nextOffers = offer ? { ...offers, [product.id]: offer } : offers;
      if (existing) {
        if (!offer || existing.appliedOfferId === offer.offerId) return false;
        change(
          {
            ...cart,
            items: cart.items.map((item) =>
              item === existing ? { ...item, appliedOfferId: offer.offerId, updatedAt: now() } : item,
            ),
          },
          nextOffers,
        );
        return false;
      }
      const unit = priceLine(product, null).unit;
      const next = addToCart(
        cart,
        {
          productId: product.id,
          name: product.name,
          price: paiseToRupees(unit.discountedPrice),
          originalPrice: product.price,
          discount: product.discount,
          thumbnail: product.thumbnail ?? '',
          fromKlip: options.fromKlip ?? false,
          ...(offer ? { appliedOfferId: offer.offerId } : {}),
        },
        now(),
      );
      change(next, nextOffers);
      return true;
    },
    removeItem(productId: string): void {
      const { [productId]: _removed, ...rest } = offers;
      void _removed;
      change(removeFromCart(cart, productId, now()), productId in offers ? rest : offers);
    },
    /** Throws CartError below 1 (docs/product.md "Cart (Loot Box) persistence": refused). */
    updateQuantity(productId: string, quantity: number): void {
      change(setQuantity(cart, productId, quantity, now()));
    },
    /**
     * docs/product.md "Cart (Loot Box) persistence" Clearing: an update with no items, total 0 and status
     * completed; then the state is emptied and both stored copies removed. Rejects (nothing emptied) when the
     * server refuses or cannot be reached.
     */
    async clear(): Promise<void> {
      await loading;
      // What the shopper cleared; anything added or changed while the Clear is under way is kept after it.
      const cleared = cart;
      clearing = true;
      clearTimeout(timer);
      timer = undefined;
      try {
        // A save under way finishes first (and one it starts again), so the Clear is the last word.
        while (saving) await saving;
        for (let attempt = 0; lootboxId && attempt < CART_SAVE_ATTEMPTS; attempt++) {
          try {
            await api.put<LootboxResponse>(`/lootbox/${encodeURIComponent(lootboxId)}`, {
              userId: uid,
              items: [],
              totalValue: 0,
              status: 'completed',
              ...(version === null ? {} : { version }),
            } satisfies LootboxBody);
            break;
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 409)) throw error;
            // A newer copy: clearing it is still what the shopper asked for.
            const latest = await api.get<LootboxResponse>(`/lootbox/${encodeURIComponent(lootboxId)}`);
            version = latest.lootbox.version;
            if (attempt === CART_SAVE_ATTEMPTS - 1) throw error;
          }
        }
      } catch (error) {
        clearing = false;
        if (saveAfterClear || !sameCart(cart, base)) scheduleSave();
        saveAfterClear = false;
        throw error;
      }
      clearing = false;
      saveAfterClear = false;
      const kept = editsSince(cleared, cart);
      cart = kept;
      offers = Object.fromEntries(
        Object.entries(offers).filter(([productId]) =>
          kept.items.some((item) => item.productId === productId),
        ),
      );
      serverLines = new Map();
      forgetLootbox();
      if (kept.items.length > 0) {
        writeLocal();
        scheduleSave();
      } else {
        removeKey(cartKey(uid));
        removeKey(offersKey(uid));
      }
      emit();
      settleIdle();
    },
    /** Resolves once no save is waiting or under way (tests wait on it instead of on the clock). */
    whenIdle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    /** The user signed out or another signed in: nothing more is sent or shown for this one. */
    dispose(): void {
      disposed = true;
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      clearTimeout(timer);
      timer = undefined;
      listeners.clear();
      settleIdle();
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
