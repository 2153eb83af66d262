import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addItem, EMPTY_CART } from './cart.ts';
import { priceLine } from './offers.ts';
import { formatPrice } from './pricing.ts';
import { buildQuoteText, quoteTotal, toQuoteLine, validateQuoteForm, type QuoteLine } from './quote.ts';

const shopper = { name: 'Asha Rao', email: 'asha@example.in', phone: '98765 43210', additionalInfo: '' };

const lines: QuoteLine[] = [
  {
    id: 'a',
    name: 'Brass Lamp',
    price: 720,
    quantity: 2,
    originalPrice: 1000,
    discount: 10,
    link: 'https://x/p/a',
  },
  { id: 'b', name: 'Cotton Kurta', price: 1299.5, quantity: 1, originalPrice: 1299.5, discount: 0, link: '' },
];

describe('quote text (docs/product.md "Quote text")', () => {
  it('has a greeting, numbered lines with quantity and price, the total and the contact lines', () => {
    expect(buildQuoteText(lines, { ...shopper, additionalInfo: ' Deliver to Pune ' })).toBe(
      [
        'Hello! I would like a quote for these products from Lootklip:',
        '',
        '1. Brass Lamp - Qty: 2 x ₹720 = ₹1,440',
        '   https://x/p/a',
        '2. Cotton Kurta - Qty: 1 x ₹1,299.50 = ₹1,299.50',
        '',
        'Total Value: ₹2,739.50',
        '',
        'Name: Asha Rao',
        'Email: asha@example.in',
        'Phone: 98765 43210',
        'Additional Information: Deliver to Pune',
      ].join('\n'),
    );
  });

  it('leaves out an empty additional information line', () => {
    expect(buildQuoteText(lines, shopper)).not.toContain('Additional Information');
  });

  it('totals each unit price times its quantity, exactly (property)', () => {
    const line = fc.record({
      paise: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 999 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (raw) => {
        const quote = raw.map(({ paise, quantity }, index) => ({
          ...lines[0]!,
          id: String(index),
          price: paise / 100,
          quantity,
        }));
        const expected = raw.reduce((sum, { paise, quantity }) => sum + paise * quantity, 0);
        expect(quoteTotal(quote)).toBe(expected);
        expect(buildQuoteText(quote, shopper)).toContain(`Total Value: ${formatPrice(quoteTotal(quote))}`);
      }),
    );
  });

  it('takes a line price from priceLine at the dialog quantity', () => {
    const item = addItem(
      EMPTY_CART,
      {
        productId: 'a',
        name: 'Brass Lamp',
        price: 900,
        originalPrice: 1000,
        discount: 10,
        thumbnail: '',
        fromKlip: false,
      },
      1,
    ).items[0]!;
    const offer = { discountType: 'fixed' as const, discountValue: 100, minPurchase: 1500 };
    // One lamp (₹900) misses the ₹1,500 minimum; two (₹1,800) meet it and ₹100 comes off each.
    expect(toQuoteLine(item, priceLine({ price: 1000, discount: 10 }, offer, 1), 'l').price).toBe(900);
    expect(toQuoteLine(item, priceLine({ price: 1000, discount: 10 }, offer, 2), 'l')).toEqual({
      id: 'a',
      name: 'Brass Lamp',
      price: 800,
      quantity: 2,
      originalPrice: 1000,
      discount: 10,
      link: 'l',
    });
  });
});

describe('quote form (docs/product.md "Quote form", "Phone", "E-mail")', () => {
  it('accepts a complete form, trimmed', () => {
    expect(validateQuoteForm({ ...shopper, name: ' Asha ' })).toEqual({
      ok: true,
      form: { ...shopper, name: 'Asha' },
    });
  });

  it('requires name, e-mail and phone', () => {
    expect(validateQuoteForm({ name: ' ', email: '', phone: '', additionalInfo: 'x' })).toEqual({
      ok: false,
      errors: {
        name: 'This field is required',
        email: 'This field is required',
        phone: 'This field is required',
      },
    });
  });

  it("refuses a bad e-mail and phone with the spec's texts", () => {
    expect(validateQuoteForm({ ...shopper, email: 'asha@example', phone: '12345' })).toEqual({
      ok: false,
      errors: { email: 'Invalid email address', phone: 'Invalid phone number' },
    });
  });
});
