import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CART_ITEMS_MAX, CART_QUANTITY_MAX, CART_REMOVED_KEPT } from '../constants.ts';
import {
  addItem,
  canRequestQuote,
  CartError,
  EMPTY_CART,
  groupBySeller,
  mergeCarts,
  mergeCartsWithDropped,
  priceCart,
  removeItem,
  sellerGroupKey,
  setQuantity,
  sumWireLines,
  toWireLinePrice,
  type Cart,
  type CurrentProduct,
  type NewCartItem,
} from './cart.ts';
import { priceLine } from './offers.ts';
import { formatPrice } from './pricing.ts';

function product(productId: string, extra: Partial<NewCartItem> = {}): NewCartItem {
  return {
    productId,
    name: `Product ${productId}`,
    price: 900,
    originalPrice: 1000,
    discount: 10,
    thumbnail: `/img/${productId}.jpg`,
    fromKlip: false,
    ...extra,
  };
}

const ids = (cart: Cart) => cart.items.map((item) => item.productId);

describe('adding, removing and quantities (docs/product.md "Cart (Loot Box) persistence")', () => {
  it('adds a product with quantity 1 and the time of the change', () => {
    const cart = addItem(EMPTY_CART, product('a'), 10);
    expect(cart.items).toEqual([{ ...product('a'), quantity: 1, updatedAt: 10 }]);
  });

  it('ignores a product already in the cart', () => {
    const cart = addItem(EMPTY_CART, product('a', { quantity: 2 }), 10);
    expect(addItem(cart, product('a', { quantity: 5, name: 'Other' }), 20)).toBe(cart);
  });

  it('gives an item added from a klip quantity 1 whatever was asked', () => {
    const cart = addItem(EMPTY_CART, product('a', { fromKlip: true, quantity: 4 }), 10);
    expect(cart.items[0]?.quantity).toBe(1);
  });

  it('refuses an add to a full cart', () => {
    let cart = EMPTY_CART;
    for (let index = 0; index < CART_ITEMS_MAX; index++) cart = addItem(cart, product(`p${index}`), index);
    expect(() => addItem(cart, product('one-more'), 999)).toThrow(CartError);
  });

  it('removes an item and leaves a tombstone; adding it again drops the tombstone', () => {
    const cart = removeItem(addItem(EMPTY_CART, product('a'), 10), 'a', 20);
    expect(cart).toEqual({ items: [], removed: [{ productId: 'a', removedAt: 20 }] });
    expect(addItem(cart, product('a'), 30).removed).toEqual([]);
    expect(removeItem(cart, 'missing', 40)).toBe(cart);
  });

  it.each([0, -1, 1.5, Number.NaN, CART_QUANTITY_MAX + 1, 1e9])(
    'refuses quantity %s with a CartError',
    (q) => {
      const cart = addItem(EMPTY_CART, product('a'), 10);
      expect(() => setQuantity(cart, 'a', q, 20)).toThrow(expect.objectContaining({ code: 'quantity' }));
    },
  );

  it('sets a quantity and the time of the change', () => {
    const cart = setQuantity(addItem(EMPTY_CART, product('a'), 10), 'a', 3, 20);
    expect(cart.items[0]).toMatchObject({ quantity: 3, updatedAt: 20 });
  });
});

describe('pricing through priceLine (docs/product.md "Price calculation")', () => {
  const current: Record<string, CurrentProduct> = {
    a: { price: 1000, discount: 10, activeOffer: { discountType: 'percentage', discountValue: 20 } },
    b: { price: 500, discount: 0, activeOffer: null },
  };

  it('prices each line from the current product and offer and sums the total', () => {
    let cart = addItem(EMPTY_CART, product('a', { appliedOfferId: 'o1' }), 1);
    cart = addItem(cart, product('b', { quantity: 2 }), 2);
    const priced = priceCart(cart.items, (id) => current[id]);
    // a: 1000 less 10 % = 900, less 20 % = 720; b: 2 x 500.
    expect(priced.lines.map((line) => line.price?.lineTotal)).toEqual([72_000, 100_000]);
    expect(formatPrice(priced.total)).toBe('₹1,720');
  });

  it('shows a deleted product as unavailable and leaves it out of the total', () => {
    const cart = addItem(addItem(EMPTY_CART, product('gone'), 1), product('b'), 2);
    const priced = priceCart(cart.items, (id) => current[id]);
    expect(priced.lines[0]?.price).toBeNull();
    expect(priced.total).toBe(50_000);
  });
});

describe('wire lines (rupees, as the lootbox answer carries them)', () => {
  const offer = { discountType: 'percentage', discountValue: 20, minPurchase: 1000 } as const;

  it('gives the final price, the line total and what is short of the offer, in rupees', () => {
    // ₹333.33 less 10 % is ₹300 (rounded to the paisa), under the ₹1,000 minimum: ₹700 short, no offer.
    const line = priceLine({ price: 333.33, discount: 10 }, offer, 1);
    expect(toWireLinePrice(line, true)).toEqual({
      finalPrice: 300,
      lineTotal: 300,
      shortBy: 700,
      available: true,
    });
    // Four of them reach the minimum: 20 % off each.
    expect(toWireLinePrice(priceLine({ price: 333.33, discount: 10 }, offer, 4), true)).toMatchObject({
      finalPrice: 240,
      lineTotal: 960,
      shortBy: 0,
    });
  });

  it('counts a line that is not available as 0', () => {
    const line = priceLine({ price: 500, discount: 0 }, null, 2);
    expect(toWireLinePrice(line, false)).toMatchObject({ finalPrice: 500, lineTotal: 0, available: false });
  });

  it('adds the available lines in paise: no fraction of a rupee drifts', () => {
    const lines = [
      { lineTotal: 0.1, available: true },
      { lineTotal: 0.2, available: true },
      { lineTotal: 99, available: false },
    ];
    expect(sumWireLines(lines)).toBe(0.3);
    expect(sumWireLines([])).toBe(0);
  });
});

describe('seller grouping (docs/product.md "Seller grouping")', () => {
  it('keys by WhatsApp, else phone, written one way', () => {
    expect(sellerGroupKey({ whatsapp: '+91 98765 43210', phone: '9000000000' })).toBe('phone:919876543210');
    expect(sellerGroupKey({ whatsapp: '  ', phone: '98765 43210' })).toBe('phone:919876543210');
    expect(sellerGroupKey({ email: 'Seller@Shop.in' })).toBe('email:seller@shop.in');
    expect(sellerGroupKey({ whatsapp: 42 })).toBeNull();
  });

  it('groups items of one seller together, in first-seen order, and leaves keyless items alone', () => {
    const items = [
      { id: 1, contact: { whatsapp: '9876543210' } },
      { id: 2, contact: { phone: '8000000000' } },
      { id: 3, contact: { phone: '+919876543210' } },
      { id: 4, contact: {} },
      { id: 5, contact: {} },
    ];
    const groups = groupBySeller(items, (item) => item.contact);
    expect(groups.map((group) => group.items.map((item) => item.id))).toEqual([[1, 3], [2], [4], [5]]);
  });

  it('offers Request Quote only for exactly one seller', () => {
    expect(canRequestQuote([])).toBe(false);
    expect(canRequestQuote([{}])).toBe(true);
    expect(canRequestQuote([{ whatsapp: '9876543210' }, { phone: '919876543210' }])).toBe(true);
    expect(canRequestQuote([{ whatsapp: '9876543210' }, { phone: '8000000000' }])).toBe(false);
    expect(canRequestQuote([{}, {}])).toBe(false);
  });
});

describe('merging two copies of a cart (issue 14 item 2)', () => {
  const base = addItem(addItem(EMPTY_CART, product('a'), 1), product('b'), 2);

  it('keeps different products added in two tabs', () => {
    const mine = addItem(base, product('c'), 10);
    const theirs = addItem(base, product('d'), 11);
    expect(ids(mergeCarts(base, mine, theirs))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('removes an item removed in one tab and untouched in the other', () => {
    const mine = removeItem(base, 'a', 10);
    expect(ids(mergeCarts(base, mine, base))).toEqual(['b']);
    expect(ids(mergeCarts(base, base, mine))).toEqual(['b']);
  });

  it('takes the newest quantity when both tabs changed it', () => {
    const mine = setQuantity(base, 'a', 3, 20);
    const theirs = setQuantity(base, 'a', 5, 10);
    expect(mergeCarts(base, mine, theirs).items[0]?.quantity).toBe(3);
    expect(mergeCarts(base, theirs, mine).items[0]?.quantity).toBe(3);
  });

  it('takes a change over an untouched copy even when its clock is behind', () => {
    const theirs = setQuantity(base, 'b', 4, 0);
    expect(mergeCarts(base, base, theirs).items[1]?.quantity).toBe(4);
  });

  it('lets a quantity change newer than a removal bring the item back, and an older one lose', () => {
    const removed = removeItem(base, 'a', 20);
    expect(ids(mergeCarts(base, removed, setQuantity(base, 'a', 2, 30)))).toEqual(['a', 'b']);
    expect(ids(mergeCarts(base, removed, setQuantity(base, 'a', 2, 10)))).toEqual(['b']);
  });

  it('never loses a product added on either side after base (property)', () => {
    const productIds = fc.uniqueArray(fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'), { maxLength: 6 });
    fc.assert(
      fc.property(productIds, productIds, fc.nat(1000), (mineAdds, theirsAdds, start) => {
        const mine = mineAdds.reduce((cart, id, index) => addItem(cart, product(id), start + index), base);
        const theirs = theirsAdds.reduce(
          (cart, id, index) => addItem(cart, product(id), start + index),
          base,
        );
        const merged = ids(mergeCarts(base, mine, theirs));
        return [...mineAdds, ...theirsAdds, 'a', 'b'].every((id) => merged.includes(id));
      }),
    );
  });

  it('is the same cart whichever copy is mine when the clocks differ (property)', () => {
    const change = fc.record({
      id: fc.constantFrom('a', 'b', 'c'),
      op: fc.constantFrom('add', 'remove', 'quantity'),
      quantity: fc.integer({ min: 1, max: 9 }),
    });
    const apply = (cart: Cart, changes: { id: string; op: string; quantity: number }[], clock: number) =>
      changes.reduce((current, { id, op, quantity }, index) => {
        const at = clock + index * 2;
        if (op === 'add') return addItem(current, product(id), at);
        if (op === 'remove') return removeItem(current, id, at);
        return setQuantity(current, id, quantity, at);
      }, cart);
    fc.assert(
      fc.property(fc.array(change, { maxLength: 6 }), fc.array(change, { maxLength: 6 }), (left, right) => {
        // Even and odd clocks: no two changes share a time, so the newest is always one of them.
        const mine = apply(base, left, 100);
        const theirs = apply(base, right, 101);
        const sorted = (cart: Cart) => ({
          items: [...cart.items].sort((x, y) => x.productId.localeCompare(y.productId)),
          removed: [...cart.removed].sort((x, y) => x.productId.localeCompare(y.productId)),
        });
        expect(sorted(mergeCarts(base, mine, theirs))).toEqual(sorted(mergeCarts(base, theirs, mine)));
      }),
    );
  });
});

describe('what a save can hold: tombstones and items capped (review item 3)', () => {
  const fill = (count: number, prefix: string, at: number) =>
    Array.from({ length: count }, (_, index) => `${prefix}${index}`).reduce(
      (cart, id, index) => addItem(cart, product(id), at + index),
      EMPTY_CART,
    );

  it('keeps at most CART_REMOVED_KEPT tombstones, the newest, whatever is removed (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * CART_REMOVED_KEPT }), (removals) => {
        let cart: Cart = EMPTY_CART;
        for (let index = 0; index < removals; index++) {
          cart = removeItem(addItem(cart, product(`r${index}`), index), `r${index}`, 1000 + index);
        }
        expect(cart.removed.length).toBe(Math.min(removals, CART_REMOVED_KEPT));
        const oldestKept = Math.max(0, removals - CART_REMOVED_KEPT);
        expect(cart.removed.map((removal) => removal.productId)).toEqual(
          Array.from({ length: removals - oldestKept }, (_, index) => `r${oldestKept + index}`),
        );
      }),
      { numRuns: 20 },
    );
  });

  it('keeps at most CART_REMOVED_KEPT tombstones in a merge, the newest', () => {
    const tombstones = (prefix: string, at: number) =>
      Array.from({ length: CART_REMOVED_KEPT }, (_, index) => ({
        productId: `${prefix}${index}`,
        removedAt: at + index,
      }));
    const mine: Cart = { items: [], removed: tombstones('m', 1000) };
    const theirs: Cart = { items: [], removed: tombstones('t', 5000) };
    const merged = mergeCarts(EMPTY_CART, mine, theirs);
    expect(merged.removed).toEqual(theirs.removed);
  });

  it('keeps at most CART_ITEMS_MAX items in a merge, those changed most recently, and names the others', () => {
    const mine = fill(CART_ITEMS_MAX - 10, 'm', 1000);
    const theirs = fill(20, 't', 500);
    const { cart, dropped } = mergeCartsWithDropped(EMPTY_CART, mine, theirs);
    expect(cart.items).toHaveLength(CART_ITEMS_MAX);
    // theirs' were changed before all of mine: their ten oldest go.
    expect(dropped.map((item) => item.productId)).toEqual(
      Array.from({ length: 10 }, (_, index) => `t${index}`),
    );
    expect(ids(cart)).toEqual([...ids(mine), ...Array.from({ length: 10 }, (_, index) => `t${index + 10}`)]);
    expect(mergeCarts(EMPTY_CART, mine, theirs)).toEqual(cart);
  });
});
