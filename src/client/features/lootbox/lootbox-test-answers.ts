// Tests only: the lootbox calls of src/shared/contracts/lootbox.ts answered on the real HTTP test server from a
// small in-memory copy, so that client tests run against the contract (versions, 409 on a stale PUT or a second
// active lootbox, the server's own prices through priceLine) while the real server is built elsewhere.
import type { Lootbox, LootboxItem } from '../../../shared/contracts/lootbox.ts';
import type { ProductOffer } from '../../../shared/contracts/products.ts';
import {
  sumWireLines,
  toWireLinePrice,
  type CartItem,
  type CartRemoval,
} from '../../../shared/domain/cart.ts';
import { priceLine } from '../../../shared/domain/offers.ts';
import { paiseToRupees } from '../../../shared/domain/pricing.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import type { ApiTestServer } from '../../test/render-app.tsx';

export interface CatalogueEntry {
  name: string;
  price: number;
  discount: number;
  thumbnail?: string;
  /** Offers running on the product; an item's appliedOfferId among them prices the item. */
  offers?: ProductOffer[];
  /** false: deleted since (the item answers unavailable). */
  available?: boolean;
}

export interface SentItem {
  productId: string;
  quantity: number;
  fromKlip?: boolean;
  appliedOfferId?: string | null;
  updatedAt?: number;
}

export interface SentBody {
  userId?: string;
  items: SentItem[];
  removed?: CartRemoval[];
  totalValue?: number;
  status?: 'active' | 'completed';
  version?: number;
}

export const TEST_LOOTBOX_ID = 'lb-1';

/** A shopper's choice as the client keeps it: one of a ₹500 product with 10% off; `changes` for anything else. */
export function createTestCartItem(
  productId: string,
  updatedAt: number,
  changes: Partial<CartItem> = {},
): CartItem {
  return {
    productId,
    name: `Product ${productId}`,
    price: 450,
    originalPrice: 500,
    discount: 10,
    quantity: 1,
    thumbnail: '',
    fromKlip: false,
    updatedAt,
    ...changes,
  };
}

/** A line as the server prices it: createTestCartItem's, with no offer, ₹450; `changes` for anything else. */
export function createTestLootboxItem(productId: string, changes: Partial<LootboxItem> = {}): LootboxItem {
  return {
    ...createTestCartItem(productId, 1),
    appliedOfferId: null,
    appliedOffer: null,
    finalPrice: 450,
    lineTotal: 450,
    shortBy: 0,
    available: true,
    ...changes,
  };
}

export function serveLootbox(
  server: ApiTestServer,
  catalogue: Record<string, CatalogueEntry>,
  { userId = 'u1' }: { userId?: string } = {},
) {
  const state: { lootbox: Lootbox | null } = { lootbox: null };

  function priceItem(item: SentItem): LootboxItem {
    const product = catalogue[item.productId];
    if (!product) throw new Error(`no product ${item.productId} in the test catalogue`);
    const offer = product.offers?.find((candidate) => candidate.offerId === item.appliedOfferId) ?? null;
    const line = priceLine(product, offer, item.quantity);
    return {
      productId: item.productId,
      name: product.name,
      price: paiseToRupees(line.unit.discountedPrice),
      originalPrice: product.price,
      discount: product.discount,
      quantity: item.quantity,
      thumbnail: product.thumbnail ?? '',
      fromKlip: item.fromKlip ?? false,
      appliedOfferId: item.appliedOfferId ?? null,
      appliedOffer: offer,
      ...toWireLinePrice(line, product.available ?? true),
      updatedAt: item.updatedAt ?? Date.now(),
    };
  }

  /** The lootbox as the server would store it from this body. */
  function store(body: SentBody, version: number): Lootbox {
    const items = body.items.map(priceItem);
    const now = new Date().toISOString();
    state.lootbox = {
      id: TEST_LOOTBOX_ID,
      userId,
      status: body.status ?? 'active',
      items,
      removed: body.removed ?? [],
      totalValue: sumWireLines(items),
      version,
      createdAt: state.lootbox?.createdAt ?? now,
      updatedAt: now,
    };
    return state.lootbox;
  }

  const conflict = (message: string) => ({
    status: 409,
    body: { success: false, code: 'conflict', message },
  });
  const answer = (lootbox: Lootbox, status = 200) => ({ status, body: { success: true, lootbox } });
  /** lootbox.service.ts toItemWrites: a product that is not in the catalogue nor already stored, named by index. */
  const unknownProduct = (body: SentBody) => {
    const index = body.items.findIndex(
      (item) =>
        !catalogue[item.productId] &&
        !state.lootbox?.items.some((stored) => stored.productId === item.productId),
    );
    if (index < 0) return null;
    const message = SERVER_MESSAGES.validation(
      `items.${index}.productId`,
      LOOTBOX_MESSAGES.unknownProduct(body.items[index]!.productId),
    );
    return { status: 400, body: { success: false, code: 'bad-request', message } };
  };

  /** While set, the answers to saves (POST, PUT) wait for it: a save stays under way until the test says. */
  let held: Promise<void> | null = null;

  server.respond('GET', '/api/v1/lootbox', (request) => {
    const found =
      state.lootbox && (!request.query.status || request.query.status === state.lootbox.status)
        ? [state.lootbox]
        : [];
    return { status: 200, body: { success: true, lootboxes: found, nextToken: null } };
  });
  server.respond('POST', '/api/v1/lootbox', async (request) => {
    await held;
    const body = JSON.parse(request.body) as SentBody;
    const refused = unknownProduct(body);
    if (refused) return refused;
    if (state.lootbox?.status === 'active') return conflict(LOOTBOX_MESSAGES.activeExists);
    return answer(store(body, 1), 201);
  });
  server.respond('PUT', `/api/v1/lootbox/${TEST_LOOTBOX_ID}`, async (request) => {
    await held;
    const current = state.lootbox;
    if (!current) return { status: 404, body: { success: false, message: LOOTBOX_MESSAGES.notFound } };
    const body = JSON.parse(request.body) as SentBody;
    // lootbox.service.ts update: a completed lootbox is closed; a repeated Clear answers it as it is (whatever its
    // version), anything else 409.
    if (current.status === 'completed') {
      const repeatedClear = body.status === 'completed' && body.items.length === 0;
      return repeatedClear ? answer(current) : conflict(LOOTBOX_MESSAGES.completed);
    }
    if (body.version !== undefined && body.version !== current.version) {
      return conflict(LOOTBOX_MESSAGES.versionConflict);
    }
    return unknownProduct(body) ?? answer(store(body, current.version + 1));
  });
  server.respond('GET', `/api/v1/lootbox/${TEST_LOOTBOX_ID}`, () =>
    state.lootbox
      ? answer(state.lootbox)
      : { status: 404, body: { success: false, message: LOOTBOX_MESSAGES.notFound } },
  );

  return {
    state,
    /** Stores a lootbox as if saved elsewhere (another tab or device), at this version. */
    saveElsewhere(
      items: SentItem[],
      version: number,
      removed: CartRemoval[] = [],
      status: 'active' | 'completed' = 'active',
    ): Lootbox {
      return store({ items, removed, status }, version);
    },
    /** Holds the answers to saves from now on; the function returned lets them (and later ones) through. */
    holdSaves(): () => void {
      let release!: () => void;
      held = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        held = null;
        release();
      };
    },
  };
}

/** The bodies the client sent to the lootbox calls since `from` (an index into server.requests). */
export function listLootboxSaves(server: ApiTestServer, from = 0) {
  return server.requests
    .slice(from)
    .filter((request) => request.path.startsWith('/api/v1/lootbox') && request.method !== 'GET')
    .map((request) => ({
      method: request.method,
      path: request.path,
      body: JSON.parse(request.body) as SentBody,
    }));
}
