import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PRICE_MAX } from '../constants.ts';
import {
  applyDiscount,
  basisPointsToPercent,
  calculatePrice,
  calculateWirePrice,
  formatPrice,
  paiseToRupees,
  percentToBasisPoints,
  rupeesToPaise,
  rupeesToPaiseAtLeast,
  rupeesToPaiseAtMost,
  type BasisPoints,
  type Paise,
} from './pricing.ts';

const paise = (value: number) => value as Paise;
const bp = (value: number) => value as BasisPoints;
const PRICE_MAX_PAISE = PRODUCT_PRICE_MAX * 100;
const RUNS = 10_000;

// The reference: exact rational arithmetic in BigInt, written apart from pricing.ts (no shared code).

/** A number's decimal text (as the wire and the database drivers print it) as an exact fraction n / d. */
function toFraction(value: number): { n: bigint; d: bigint } {
  const [mantissa, exponent = '0'] = String(value).split('e');
  const [whole, fraction = ''] = mantissa!.split('.');
  let n = BigInt(whole! + fraction);
  let d = 10n ** BigInt(fraction.length);
  const shift = Number(exponent);
  if (shift >= 0) n *= 10n ** BigInt(shift);
  else d *= 10n ** BigInt(-shift);
  return { n, d };
}

/** n / d to a whole number, half up (n, d >= 0). */
function roundHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

function referencePaise(rupees: number): bigint {
  const { n, d } = toFraction(rupees);
  return roundHalfUp(n * 100n, d);
}

/** price * (100 - percent) / 100 in paise, half up, from the wire's rupees and percent. */
function referenceDiscounted(rupees: number, percent: number): bigint {
  const price = referencePaise(rupees);
  const { n, d } = toFraction(percent);
  // The percent is first taken to basis points, half up (the spec gives at most two decimals).
  const basisPoints = roundHalfUp(n * 100n, d);
  return roundHalfUp(price * (10_000n - basisPoints), 10_000n);
}

/** The wire's rupees for a whole number of paise, as the text a JSON body carries. */
function toRupeeText(value: number): string {
  const whole = Math.floor(value / 100);
  const cents = value % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, '0')}`.replace(/0$/, '');
}

const pricePaise = fc.integer({ min: 0, max: PRICE_MAX_PAISE });
/** 0-100 % with up to two decimals, as the spec has it. */
const discountBasisPoints = fc.integer({ min: 0, max: 10_000 });

describe('pricing in integer paise', () => {
  it('applies the base discount, then a percentage offer of the discounted price, capped', () => {
    expect(applyDiscount(paise(100_000), bp(1000))).toBe(90_000);
    expect(
      calculatePrice(paise(100_000), bp(1000), { discountType: 'percentage', discountBasisPoints: bp(2000) }),
    ).toEqual({
      originalPrice: 100_000,
      discountedPrice: 90_000,
      offerDiscount: 18_000,
      finalPrice: 72_000,
      totalSavings: 28_000,
    });
    expect(
      calculatePrice(paise(100_000), bp(1000), {
        discountType: 'percentage',
        discountBasisPoints: bp(2000),
        maxDiscountPaise: paise(5000),
      }).finalPrice,
    ).toBe(85_000);
  });

  it('subtracts a fixed offer and never goes below zero', () => {
    expect(
      calculatePrice(paise(50_000), bp(0), { discountType: 'fixed', discountPaise: paise(10_000) })
        .finalPrice,
    ).toBe(40_000);
    expect(
      calculatePrice(paise(5000), bp(0), { discountType: 'fixed', discountPaise: paise(10_000) }).finalPrice,
    ).toBe(0);
  });

  it('has no savings without discounts', () => {
    expect(calculatePrice(paise(79_900), bp(0)).totalSavings).toBe(0);
  });

  it('rounds exactly half a paisa up, where floating point rounded it down', () => {
    // ₹1.15 at 50 % is exactly ₹0.575; in floating point 1.15 * 0.5 * 100 is 57.49999999999999, which rounded to
    // 57 paise. The one rule says half up: 58.
    expect(calculateWirePrice({ price: 1.15, discount: 50 }).finalPrice).toBe(58);
    expect(applyDiscount(paise(115), bp(5000))).toBe(58);
  });

  it('converts rupees to paise from their decimal text, as numeric(12, 2) rounded them', () => {
    expect(rupeesToPaise(10.005)).toBe(1001);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(1e-7)).toBe(0);
    expect(rupeesToPaise(0.005)).toBe(1);
    expect(rupeesToPaise(PRODUCT_PRICE_MAX)).toBe(PRICE_MAX_PAISE);
    expect(rupeesToPaiseAtLeast(10.001)).toBe(1001);
    expect(rupeesToPaiseAtMost(10.009)).toBe(1000);
    expect(rupeesToPaiseAtLeast(10)).toBe(1000);
    expect(rupeesToPaiseAtMost(10)).toBe(1000);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(basisPointsToPercent(bp(1250))).toBe(12.5);
    for (const value of [0, 1, 33, 1999, 10_000]) {
      expect(percentToBasisPoints(basisPointsToPercent(bp(value)))).toBe(value);
    }
    expect(() => rupeesToPaise(-1)).toThrow(RangeError);
  });

  it('formats paise as rupees with Indian digit grouping: no decimals for whole rupees, else two', () => {
    expect(formatPrice(paise(12_345_650))).toBe('₹1,23,456.50');
    expect(formatPrice(paise(3_035_080))).toBe('₹30,350.80');
    expect(formatPrice(paise(3_035_100))).toBe('₹30,351');
    expect(formatPrice(paise(49_900))).toBe('₹499');
    expect(formatPrice(paise(1))).toBe('₹0.01');
  });
});

describe('no float drift (property tests)', () => {
  it('round-trips rupees -> paise -> rupees exactly for every price 0.00..max', () => {
    fc.assert(
      fc.property(pricePaise, (value) => {
        const rupees = paiseToRupees(paise(value));
        expect(String(rupees)).toBe(toRupeeText(value));
        expect(rupeesToPaise(rupees)).toBe(value);
        expect(rupeesToPaise(Number(toRupeeText(value)))).toBe(value);
      }),
      { numRuns: RUNS },
    );
  });

  it('gives the same paise on the server and in the client, equal to the exact reference', () => {
    fc.assert(
      fc.property(pricePaise, discountBasisPoints, (value, discount) => {
        // A seller sends rupees and a percent with two decimals.
        const body = JSON.parse(JSON.stringify({ price: value / 100, discount: discount / 100 })) as {
          price: number;
          discount: number;
        };
        // Server: the service's edge converts the body to paise; what it stores is what it prices.
        const stored = rupeesToPaise(body.price);
        const server = calculatePrice(stored, percentToBasisPoints(body.discount));
        // Client: the wire carries the stored price back as rupees; the client converts where it prices.
        const wire = JSON.parse(
          JSON.stringify({ price: paiseToRupees(stored), discount: body.discount }),
        ) as {
          price: number;
          discount: number;
        };
        const client = calculateWirePrice(wire);
        expect(client).toEqual(server);
        expect(BigInt(server.finalPrice)).toBe(referenceDiscounted(body.price, body.discount));
        expect(server.originalPrice).toBe(value);
        expect(server.totalSavings).toBe(value - server.finalPrice);
      }),
      { numRuns: RUNS },
    );
  });

  it('converts any non-negative rupee number (more than two decimals too) as the exact half-up reference', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: PRODUCT_PRICE_MAX, noNaN: true }), (rupees) => {
        expect(BigInt(rupeesToPaise(rupees))).toBe(referencePaise(rupees));
        const { n, d } = toFraction(rupees);
        expect(BigInt(rupeesToPaiseAtMost(rupees))).toBe((n * 100n) / d);
        expect(BigInt(rupeesToPaiseAtLeast(rupees))).toBe((n * 100n + d - 1n) / d);
      }),
      { numRuns: RUNS },
    );
  });

  it('takes a percentage offer and its cap in integers, as the exact reference', () => {
    fc.assert(
      fc.property(
        pricePaise,
        discountBasisPoints,
        discountBasisPoints,
        fc.option(pricePaise, { nil: null }),
        (value, discount, offer, cap) => {
          const result = calculatePrice(paise(value), bp(discount), {
            discountType: 'percentage',
            discountBasisPoints: bp(offer),
            maxDiscountPaise: cap === null ? null : paise(cap),
          });
          const discounted = roundHalfUp(BigInt(value) * BigInt(10_000 - discount), 10_000n);
          let offerDiscount = roundHalfUp(discounted * BigInt(offer), 10_000n);
          if (cap !== null && cap > 0 && BigInt(cap) < offerDiscount) offerDiscount = BigInt(cap);
          expect(BigInt(result.discountedPrice)).toBe(discounted);
          expect(BigInt(result.finalPrice)).toBe(discounted - offerDiscount);
          expect(Number.isInteger(result.finalPrice)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
