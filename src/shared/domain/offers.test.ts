import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OFFER_DEFAULT_DURATION_MS, PRODUCT_PRICE_MAX } from '../constants.ts';
import {
  displayedPrice,
  formatOfferDiscount,
  getOfferState,
  normaliseOffer,
  pickBestOffer,
  priceLine,
  readDate,
  resolveCreateDates,
  resolveReadDates,
  startsAfterEnd,
  type OfferTerms,
} from './offers.ts';
import { formatWholeRupees, rupeesToPaise, sumLines, toWholeRupees, type Paise } from './pricing.ts';

const RUNS = 5000;
const NOW = new Date('2026-11-25T10:00:00.000Z');

/** Rupees with at most two decimals, as a seller sends them. */
const rupees = (max = PRODUCT_PRICE_MAX) =>
  fc.integer({ min: 0, max: max * 100 }).map((paise) => paise / 100);
const percent = fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => basisPoints / 100);
const offerTerms: fc.Arbitrary<OfferTerms> = fc.oneof(
  fc.record({
    discountType: fc.constant('percentage' as const),
    discountValue: percent,
    maxDiscount: fc.option(rupees(100_000), { nil: null }),
    minPurchase: fc.option(rupees(100_000), { nil: undefined }),
  }),
  fc.record({
    discountType: fc.constant('fixed' as const),
    discountValue: rupees(1_000_000),
    maxDiscount: fc.option(rupees(100_000), { nil: null }),
    minPurchase: fc.option(rupees(100_000), { nil: undefined }),
  }),
);
const product = fc.record({ price: rupees(), discount: percent });
const quantity = fc.integer({ min: 1, max: 50 });

describe('the price engine with offers (property tests)', () => {
  it('never goes below 0 or above the list price, and the savings are the list price less the final', () => {
    fc.assert(
      fc.property(product, fc.option(offerTerms, { nil: null }), quantity, (item, offer, count) => {
        const line = priceLine(item, offer, count);
        const list = rupeesToPaise(item.price);
        expect(line.unit.finalPrice).toBeGreaterThanOrEqual(0);
        expect(line.unit.finalPrice).toBeLessThanOrEqual(list);
        expect(line.unit.totalSavings).toBe(list - line.unit.finalPrice);
        expect(line.lineSavings).toBe(line.lineOriginal - line.lineTotal);
        expect(line.lineTotal).toBe(line.unit.finalPrice * count);
      }),
      { numRuns: RUNS },
    );
  });

  it('never takes more than the cap off one unit, and multiplies the unit discount by the quantity', () => {
    fc.assert(
      fc.property(product, offerTerms, quantity, (item, offer, count) => {
        const line = priceLine(item, offer, count);
        if (offer.maxDiscount) {
          expect(line.unit.offerDiscount).toBeLessThanOrEqual(rupeesToPaise(offer.maxDiscount));
        }
        expect(line.offerDiscount).toBe(line.unit.offerDiscount * count);
        expect(line.unit.offerDiscount).toBeLessThanOrEqual(line.unit.discountedPrice);
      }),
      { numRuns: RUNS },
    );
  });

  it('applies an offer only when the line after the product discount reaches the minimum purchase', () => {
    fc.assert(
      fc.property(product, offerTerms, quantity, (item, offer, count) => {
        const line = priceLine(item, offer, count);
        const value = line.unit.discountedPrice * count;
        const minimum = rupeesToPaise(offer.minPurchase ?? 0);
        if (value < minimum) {
          expect(line.offerDiscount).toBe(0);
          expect(line.shortBy).toBe(minimum - value);
        } else {
          expect(line.shortBy).toBe(0);
          expect(line.offerApplies).toBe(line.offerDiscount > 0);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('agrees with hand-worked cases', () => {
    // ₹1,000 at 10 % is ₹900; 20 % of that is ₹180, capped at ₹100: ₹800, savings ₹200.
    const capped = priceLine(
      { price: 1000, discount: 10 },
      { discountType: 'percentage', discountValue: 20, maxDiscount: 100 },
    );
    expect(capped.unit).toEqual({
      originalPrice: 100_000,
      discountedPrice: 90_000,
      offerDiscount: 10_000,
      finalPrice: 80_000,
      totalSavings: 20_000,
    });
    // Uncapped: ₹900 less 20 % is ₹720.
    expect(
      priceLine({ price: 1000, discount: 10 }, { discountType: 'percentage', discountValue: 20 }).unit
        .finalPrice,
    ).toBe(72_000);
    // Fixed ₹200 off ₹649 at 15 % (₹551.65): ₹351.65, twice is ₹703.30.
    const fixed = priceLine({ price: 649, discount: 15 }, { discountType: 'fixed', discountValue: 200 }, 2);
    expect(fixed.unit.finalPrice).toBe(35_165);
    expect(fixed.lineTotal).toBe(70_330);
    expect(fixed.offerDiscount).toBe(40_000);
    // A fixed offer larger than the price: free, never negative.
    expect(
      priceLine({ price: 150, discount: 0 }, { discountType: 'fixed', discountValue: 200 }).unit.finalPrice,
    ).toBe(0);
    // Minimum ₹1,499: one of ₹999 is ₹500 short; two reach it.
    const short = priceLine(
      { price: 999, discount: 0 },
      { discountType: 'fixed', discountValue: 200, minPurchase: 1499 },
    );
    expect(short).toMatchObject({ offerApplies: false, shortBy: 50_000 });
    expect(short.unit.finalPrice).toBe(99_900);
    const two = priceLine(
      { price: 999, discount: 0 },
      { discountType: 'fixed', discountValue: 200, minPurchase: 1499 },
      2,
    );
    expect(two).toMatchObject({ offerApplies: true, shortBy: 0, lineTotal: 159_800 });
  });

  it('sums a cart of lines', () => {
    const lines = [
      priceLine({ price: 100, discount: 0 }, null, 3),
      priceLine({ price: 50.5, discount: 10 }, { discountType: 'percentage', discountValue: 50 }),
    ];
    // 3 x ₹100, plus ₹45.45 less half of it (₹22.725 off, rounded half up to ₹22.73): ₹22.72. Total ₹322.72.
    expect(sumLines(lines)).toBe(32_272);
  });
});

describe('which offer, and how it reads', () => {
  it('picks the offer that takes the most off, the first on a tie', () => {
    const item = { price: 1000, discount: 0 };
    const tenPercent = { discountType: 'percentage' as const, discountValue: 10, id: 'a' };
    const flat150 = { discountType: 'fixed' as const, discountValue: 150, id: 'b' };
    const flat100 = { discountType: 'fixed' as const, discountValue: 100, id: 'c' };
    const unreachable = { discountType: 'fixed' as const, discountValue: 500, minPurchase: 5000, id: 'd' };
    expect(pickBestOffer(item, [tenPercent, flat150, unreachable])?.id).toBe('b');
    expect(pickBestOffer(item, [tenPercent, flat100])?.id).toBe('a');
    expect(pickBestOffer(item, [])).toBeNull();
  });

  it('is active from its start up to (not including) its end', () => {
    const period = { startDate: '2026-11-25T10:00:00.000Z', endDate: '2026-11-26T10:00:00.000Z' };
    expect(getOfferState(period, new Date('2026-11-25T09:59:59.999Z'))).toBe('upcoming');
    expect(getOfferState(period, NOW)).toBe('active');
    expect(getOfferState(period, Date.parse(period.endDate) - 1)).toBe('active');
    expect(getOfferState(period, Date.parse(period.endDate))).toBe('expired');
  });

  it('formats the discount as the value followed by % or ₹, then off', () => {
    expect(formatOfferDiscount({ discountType: 'percentage', discountValue: 20 })).toBe('20% off');
    expect(formatOfferDiscount({ discountType: 'percentage', discountValue: 12.5 })).toBe('12.5% off');
    expect(formatOfferDiscount({ discountType: 'fixed', discountValue: 200 })).toBe('₹200 off');
    expect(formatOfferDiscount({ discountType: 'fixed', discountValue: 1500 })).toBe('₹1,500 off');
  });

  it('shows a price when none is supplied: percent off or value off the original, never below 0', () => {
    expect(displayedPrice(1000, { discountType: 'percentage', discountValue: 25 })).toBe(75_000);
    expect(displayedPrice(1000, { discountType: 'fixed', discountValue: 1200 })).toBe(0);
    expect(displayedPrice(1000, null)).toBe(100_000);
    expect(displayedPrice(1000, { discountType: 'fixed', discountValue: 100 }, 850.5)).toBe(85_050);
  });

  it('shows klip prices as whole rupees, rounded down', () => {
    expect(toWholeRupees(129_999 as Paise)).toBe(1299);
    expect(formatWholeRupees(129_999 as Paise)).toBe('₹1,299');
    expect(formatWholeRupees(99 as Paise)).toBe('₹0');
  });
});

describe('offer dates and normalising (docs/product.md "Offer creation", "Offer read")', () => {
  it('defaults a new offer to start now and end 7 days from now; a start after the end is the caller to refuse', () => {
    expect(resolveCreateDates({}, NOW)).toEqual({
      startDate: NOW,
      endDate: new Date(NOW.getTime() + OFFER_DEFAULT_DURATION_MS),
    });
    expect(resolveCreateDates({ startDate: 'soon', endDate: 'later' }, NOW).startDate).toEqual(NOW);
    const late = resolveCreateDates({ startDate: '2026-12-20T00:00:00Z' }, NOW);
    expect(startsAfterEnd(late)).toBe(true);
  });

  it('reads only dates in the years 2000 to 8999, so the form and the server refuse the same ones', () => {
    for (const inRange of ['2000-01-01T00:00:00.000Z', '2026-11-25T10:00:00Z', '8999-12-31T23:59:59.999Z']) {
      expect(readDate(inRange)?.toISOString(), inRange).toBe(new Date(inRange).toISOString());
    }
    expect(readDate(new Date('2026-11-25T10:00:00Z'))).toEqual(new Date('2026-11-25T10:00:00Z'));
    for (const outside of [
      '1999-12-31T23:59:59.999Z',
      '9000-01-01T00:00:00.000Z',
      '0000-12-31T23:59:59.999Z',
      '+275760-09-13T00:00:00.000Z',
      new Date('1999-06-01T00:00:00Z'),
      0,
      'soon',
      null,
    ]) {
      expect(readDate(outside), String(outside)).toBeUndefined();
    }
    // Defaults take their place, as for a date that does not parse.
    expect(resolveCreateDates({ startDate: '1999-12-31T00:00:00Z' }, NOW).startDate).toEqual(NOW);
    const before2000 = { startDate: '1999-12-31T00:00:00Z', endDate: '2026-12-01T00:00:00Z' };
    expect(resolveReadDates(before2000, NOW).startDate).toEqual(NOW);
  });

  it('replaces invalid dates on read and moves an end before the start to the start plus 7 days', () => {
    expect(resolveReadDates({ startDate: 'x', endDate: null }, NOW)).toEqual({
      startDate: NOW,
      endDate: new Date(NOW.getTime() + OFFER_DEFAULT_DURATION_MS),
    });
    const start = new Date('2026-12-01T00:00:00Z');
    expect(
      resolveReadDates({ startDate: start.toISOString(), endDate: '2026-11-01T00:00:00Z' }, NOW),
    ).toEqual({
      startDate: start,
      endDate: new Date(start.getTime() + OFFER_DEFAULT_DURATION_MS),
    });
  });

  it('reads fields from the top level, metadata or metadata.metadata, the outer place first', () => {
    const fields = {
      title: ' Diwali Dhamaka ',
      discountType: 'fixed',
      discountValue: '200',
      minPurchase: -50,
      maxDiscount: 0,
      startDate: '2026-11-20T00:00:00.000Z',
      endDate: '2026-12-20T00:00:00.000Z',
      products: ['p1', { id: 'p2' }, { productId: 'p3' }, 'p1', 7],
      terms: [' One per customer ', '', '  '],
    };
    const expected = {
      title: 'Diwali Dhamaka',
      discountType: 'fixed',
      discountValue: 200,
      minPurchase: 0,
      maxDiscount: null,
      startDate: '2026-11-20T00:00:00.000Z',
      endDate: '2026-12-20T00:00:00.000Z',
      products: ['p1', 'p2', 'p3'],
      terms: ['One per customer'],
    };
    for (const raw of [
      { id: 'o1', ...fields },
      { id: 'o1', metadata: fields },
      { id: 'o1', metadata: { metadata: fields } },
    ]) {
      expect(normaliseOffer(raw, NOW)).toMatchObject({ id: 'o1', type: 'offer', ...expected });
    }
    expect(normaliseOffer({ title: 'outer', metadata: { title: 'inner' } }, NOW).title).toBe('outer');
    expect(normaliseOffer({ discountType: 'bogus' }, NOW).discountType).toBe('percentage');
  });

  it('normalises anything at all into an offer with non-negative numbers and a valid period', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const offer = normaliseOffer(raw, NOW);
        expect(offer.discountValue).toBeGreaterThanOrEqual(0);
        expect(offer.minPurchase).toBeGreaterThanOrEqual(0);
        expect(offer.maxDiscount === null || offer.maxDiscount > 0).toBe(true);
        expect(Date.parse(offer.startDate)).toBeLessThanOrEqual(Date.parse(offer.endDate));
        expect(['percentage', 'fixed']).toContain(offer.discountType);
      }),
      { numRuns: 1000 },
    );
  });
});
