// The save loop's pure rules (decision 0038): what an answer, a Clear elsewhere and a lootbox gone leave of the
// local edits, what a save sends, and how a line is priced before the server has answered.
import { describe, expect, it } from 'vitest';
import type { Lootbox, LootboxItem } from '../../../shared/contracts/lootbox.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { createTestProductOffer } from '../../test/offer-fixtures.ts';
import {
  adoptLootbox,
  editsSince,
  endedAt,
  forgetLootbox,
  hasUnsavedEdits,
  INITIAL_CART_STATE,
  isRefusal,
  isStaleSave,
  priceLocally,
  sameCart,
  toCart,
  toLootboxBody,
  toSnapshot,
  unknownProductIndex,
  withBaseEnded,
} from './cart-state.ts';
import { createTestCartItem, createTestLootboxItem } from './lootbox-test-answers.ts';

const item = createTestCartItem;

const offer = createTestProductOffer({ offerId: 'o-1', discountValue: 20 });

function serverLine(productId: string, extra: Partial<LootboxItem> = {}): LootboxItem {
  return createTestLootboxItem(productId, { updatedAt: 5, ...extra });
}

function lootbox(items: LootboxItem[], extra: Partial<Lootbox> = {}): Lootbox {
  return {
    id: 'lb-1',
    userId: 'u1',
    status: 'active',
    items,
    removed: [{ productId: 'gone', removedAt: 3 }],
    totalValue: 0,
    version: 4,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:01.000Z',
    ...extra,
  };
}

describe('the server’s answer', () => {
  it('keeps only the shopper’s choices of each line, with their offer id, and the tombstones', () => {
    const answered = lootbox([
      serverLine('a', { appliedOfferId: 'o-1', appliedOffer: offer }),
      serverLine('b'),
    ]);
    expect(toCart(answered)).toEqual({
      items: [{ ...item('a', 5), appliedOfferId: 'o-1' }, item('b', 5)],
      removed: [{ productId: 'gone', removedAt: 3 }],
    });
  });

  it('becomes the base, the version and the shown lines, and leaves the local edits alone', () => {
    const local = { items: [item('a', 9)], removed: [] };
    const adopted = adoptLootbox(
      { ...INITIAL_CART_STATE, cart: local },
      lootbox([serverLine('a', { appliedOfferId: 'o-1', appliedOffer: offer })]),
    );
    expect(adopted).toMatchObject({ lootboxId: 'lb-1', version: 4, cart: local, offers: { a: offer } });
    expect(adopted.base.items.map((line) => line.updatedAt)).toEqual([5]);
    expect(adopted.serverLines.get('a')?.appliedOfferId).toBe('o-1');
    expect(hasUnsavedEdits(adopted)).toBe(true);
    expect(forgetLootbox(adopted)).toMatchObject({ lootboxId: null, version: null, base: { items: [] } });
  });
});

describe('a lootbox that ended', () => {
  const base = { items: [item('a', 10), item('b', 10)], removed: [] };

  it('after a Clear keeps only what was added or changed here after it', () => {
    const mine = { items: [item('a', 10), item('b', 30), item('c', 40)], removed: [] };
    const kept = withBaseEnded(base, mine, 20);
    expect(kept.items.map((line) => line.productId)).toEqual(['b', 'c']);
  });

  it('gone altogether keeps only the edits not acknowledged yet', () => {
    const mine = { items: [item('a', 10), item('c', 1)], removed: [] };
    expect(withBaseEnded(base, mine, 0).items.map((line) => line.productId)).toEqual(['c']);
  });

  it('ended at its last save when completed, at 0 when gone or unreadable', () => {
    expect(endedAt(lootbox([], { status: 'completed' }))).toBe(Date.parse('2026-11-20T10:00:01.000Z'));
    expect(endedAt(null)).toBe(0);
    expect(endedAt(lootbox([], { updatedAt: 'not a date' }))).toBe(0);
  });

  it('after our own Clear, the edits since it are the items added or changed, never a tombstone', () => {
    const before = { items: [item('a', 10), item('b', 10)], removed: [] };
    const now = {
      items: [item('a', 10), item('b', 10, { quantity: 2 }), item('c', 12)],
      removed: [{ productId: 'd', removedAt: 11 }],
    };
    expect(editsSince(before, now)).toEqual({ items: [now.items[1], now.items[2]], removed: [] });
    const reOffered = { items: [item('a', 10, { appliedOfferId: 'o-1' })], removed: [] };
    expect(editsSince(before, reOffered).items).toHaveLength(1);
  });
});

describe('comparing carts', () => {
  it('sees a change of quantity, time, offer or tombstone, not of a name', () => {
    const cart = { items: [item('a', 1)], removed: [] };
    expect(sameCart(cart, { items: [item('a', 1, { name: 'Renamed' })], removed: [] })).toBe(true);
    expect(sameCart(cart, { items: [item('a', 1, { quantity: 2 })], removed: [] })).toBe(false);
    expect(sameCart(cart, { items: [item('a', 2)], removed: [] })).toBe(false);
    expect(sameCart(cart, { items: [item('a', 1, { appliedOfferId: 'o-1' })], removed: [] })).toBe(false);
    expect(sameCart(cart, { items: [item('a', 1)], removed: [{ productId: 'b', removedAt: 1 }] })).toBe(
      false,
    );
  });
});

describe('what a save sends and what its errors mean', () => {
  it('sends the choices only, with the version when there is one', () => {
    const sent = { items: [item('a', 7, { quantity: 2 })], removed: [{ productId: 'b', removedAt: 6 }] };
    expect(toLootboxBody('u1', sent, 3, 900)).toEqual({
      userId: 'u1',
      items: [{ productId: 'a', quantity: 2, fromKlip: false, appliedOfferId: null, updatedAt: 7 }],
      removed: [{ productId: 'b', removedAt: 6 }],
      totalValue: 900,
      version: 3,
    });
    expect(toLootboxBody('u1', sent, null, 900)).not.toHaveProperty('version');
  });

  it('merges on a 409, and on a 404 only for a lootbox it was based on', () => {
    expect(isStaleSave(new ApiError(409, 'conflict'), null)).toBe(true);
    expect(isStaleSave(new ApiError(404, 'Lootbox not found'), 'lb-1')).toBe(true);
    expect(isStaleSave(new ApiError(404, 'Lootbox not found'), null)).toBe(false);
    expect(isStaleSave(new ApiError(503, 'Busy'), 'lb-1')).toBe(false);
  });

  it('finds the item a 400 names as no product, and nothing in another 400', () => {
    const sent = { items: [item('a', 1), item('ghost', 1)], removed: [] };
    const named = SERVER_MESSAGES.validation('items.1.productId', LOOTBOX_MESSAGES.unknownProduct('ghost'));
    expect(unknownProductIndex(new ApiError(400, named), sent)).toBe(1);
    expect(unknownProductIndex(new ApiError(400, 'No product lamp'), sent)).toBe(-1);
    expect(unknownProductIndex(new ApiError(409, named), sent)).toBe(-1);
  });

  it('tells the shopper of a 4xx other than a 401, never of trouble that may pass', () => {
    expect(isRefusal(new ApiError(400, 'No'))).toBe(true);
    expect(isRefusal(new ApiError(401, 'Sign in'))).toBe(false);
    expect(isRefusal(new ApiError(503, 'Busy'))).toBe(false);
    expect(isRefusal(new Error('odd'))).toBe(false);
  });
});

describe('pricing before the server answers (docs/product.md "Price calculation")', () => {
  const now = Date.parse(offer.startDate) + 1000;

  it('applies the item’s offer while it runs, and not once it has ended', () => {
    const diya = item('a', 1, { appliedOfferId: 'o-1' });
    expect(priceLocally(diya, offer, undefined, now)).toMatchObject({ finalPrice: 360, appliedOffer: offer });
    const ended = Date.parse(offer.endDate) + 1;
    expect(priceLocally(diya, offer, undefined, ended)).toMatchObject({
      finalPrice: 450,
      appliedOffer: null,
    });
  });

  it('keeps the server’s word on availability: a deleted product counts 0', () => {
    const line = priceLocally(item('a', 1), undefined, serverLine('a', { available: false }), now);
    expect(line).toMatchObject({ available: false, lineTotal: 0 });
  });

  it('shows the server’s line while it describes the item, else one priced here, and totals them', () => {
    const state = adoptLootbox(
      { ...INITIAL_CART_STATE, status: 'ready' },
      lootbox([serverLine('a', { finalPrice: 440, lineTotal: 440 })]),
    );
    const unchanged = toSnapshot({ ...state, cart: state.base }, now);
    expect(unchanged).toMatchObject({ status: 'ready', lootboxId: 'lb-1', totalValue: 440 });
    const changed = toSnapshot(
      { ...state, cart: { items: [item('a', 9, { quantity: 2 })], removed: [] } },
      now,
    );
    expect(changed.items[0]).toMatchObject({ quantity: 2, finalPrice: 450, lineTotal: 900 });
    expect(changed.totalValue).toBe(900);
  });
});
