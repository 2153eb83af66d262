// The Loot Box's stored copy (docs/product.md "Cart (Loot Box) persistence"): read back with care, anything odd
// dropped, never trusted; written and removed per user.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestProductOffer } from '../../test/offer-fixtures.ts';
import { INITIAL_CART_STATE } from './cart-state.ts';
import {
  parseStoredCart,
  parseStoredOffers,
  readStoredCart,
  readStoredOffers,
  removeStoredCart,
  writeStoredCart,
} from './cart-storage.ts';
import { createTestCartItem } from './lootbox-test-answers.ts';

// Clay Lamp, ₹300, three of them.
const lamp = createTestCartItem('lamp', 1, {
  name: 'Clay Lamp',
  price: 300,
  originalPrice: 300,
  discount: 0,
  quantity: 3,
});

afterEach(() => localStorage.clear());

describe('reading the stored copy', () => {
  it('reads items, tombstones, the lootbox, its version and the base', () => {
    const stored = {
      items: [{ ...lamp, appliedOfferId: 'o-1' }],
      removed: [{ productId: 'diya', removedAt: 2 }],
      lootboxId: 'lb-1',
      version: 7,
      base: { items: [lamp], removed: [] },
    };
    expect(parseStoredCart(stored)).toEqual(stored);
  });

  it('is nothing stored for what is not a stored copy', () => {
    expect(parseStoredCart(null)).toBeNull();
    expect(parseStoredCart([])).toBeNull();
    expect(parseStoredCart({ items: 'lamp' })).toBeNull();
  });

  it('drops items without a product or a whole quantity of at least 1, and fills the other fields', () => {
    const parsed = parseStoredCart({
      items: [
        { productId: 'a', quantity: 1 },
        { productId: 'b', quantity: 0 },
        { productId: 'c', quantity: 1.5 },
        { quantity: 2 },
        'lamp',
      ],
      removed: [{ productId: 'd' }, { productId: 'e', removedAt: 4 }],
      lootboxId: 5,
      version: '2',
    });
    expect(parsed).toEqual({
      items: [
        {
          productId: 'a',
          name: '',
          price: 0,
          originalPrice: 0,
          discount: 0,
          quantity: 1,
          thumbnail: '',
          fromKlip: false,
          updatedAt: 0,
        },
      ],
      removed: [{ productId: 'e', removedAt: 4 }],
      lootboxId: null,
      version: null,
      base: { items: [], removed: [] },
    });
  });

  it('keeps only offers with an id, a known kind and a value', () => {
    const offer = createTestProductOffer({ offerId: 'o-1' });
    expect(
      parseStoredOffers({ a: offer, b: { ...offer, discountType: 'free' }, c: { offerId: 'o-3' }, d: 'o-4' }),
    ).toEqual({ a: offer });
    expect(parseStoredOffers(['o-1'])).toEqual({});
  });
});

describe('the stored copy in this browser', () => {
  it('is written per user, read back, and removed with its offers', () => {
    const offer = createTestProductOffer({ offerId: 'o-1' });
    const cart = { items: [lamp], removed: [] };
    writeStoredCart('u1', {
      ...INITIAL_CART_STATE,
      cart,
      lootboxId: 'lb-1',
      version: 2,
      offers: { lamp: offer },
    });
    expect(readStoredCart('u1')).toMatchObject({ items: [lamp], lootboxId: 'lb-1', version: 2 });
    expect(readStoredOffers('u1')).toEqual({ lamp: offer });
    expect(readStoredCart('u2')).toBeNull();

    removeStoredCart('u1');
    expect(localStorage.getItem('cart_u1')).toBeNull();
    expect(localStorage.getItem('cartOffers_u1')).toBeNull();
  });

  it('is nothing stored when the stored text is not JSON', () => {
    localStorage.setItem('cart_u1', '{not json');
    expect(readStoredCart('u1')).toBeNull();
  });
});
