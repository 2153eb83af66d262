import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OfferTerms } from './offers.ts';
import type { Paise } from './pricing.ts';
import {
  calculatePercentBelowList,
  calculateShownPrice,
  calculateShownPriceWithClaim,
  formatBelowListBadge,
  formatOfferLabel,
  isDiscountInTitle,
} from './shown-price.ts';

// ₹899 at its own 20 % off is ₹719.20; a running 20 % offer takes it to ₹575.36.
const product = { price: 899, discount: 20 };
const offer: OfferTerms & { title: string } = {
  title: 'Festive Days',
  discountType: 'percentage',
  discountValue: 20,
};

describe('the shown price (docs/product.md "Shown price")', () => {
  it('shows an offer not claimed beside the price, never as the price', () => {
    const shown = calculateShownPrice(product, offer, false);
    expect(shown.line.unit.finalPrice).toBe(71920);
    expect(shown.line.offerApplies).toBe(false);
    expect(shown.offerToClaim?.offer).toBe(offer);
    expect(shown.offerToClaim?.line.unit.finalPrice).toBe(57536);
  });

  it('prices with a claimed offer, and has nothing left to claim', () => {
    const shown = calculateShownPrice(product, offer, true, 2);
    expect(shown.line.unit.finalPrice).toBe(57536);
    expect(shown.line.lineTotal).toBe(115072);
    expect(shown.offerToClaim).toBeNull();
  });

  it('without an offer is the product’s own price, claimed or not', () => {
    for (const claimed of [true, false]) {
      const shown = calculateShownPrice(product, null, claimed);
      expect(shown.line.unit.finalPrice).toBe(71920);
      expect(shown.offerToClaim).toBeNull();
    }
  });
});

describe('a product with the id of the offer claimed for it (a shared Loot Box link)', () => {
  const best = { ...offer, offerId: 'best', discountValue: 30 };
  const other = { ...offer, offerId: 'other' };
  const charger = { ...product, activeOffer: best, activeOffers: [best, other] };

  it('is priced with the claimed offer while it runs, even when another takes more off', () => {
    const shown = calculateShownPriceWithClaim(charger, 'other');
    expect(shown.line.unit.finalPrice).toBe(57536);
    expect(shown.offerToClaim).toBeNull();
  });

  it('without a claim, or with one for an offer no longer running, shows the best offer to claim', () => {
    for (const claim of [null, 'ended']) {
      const shown = calculateShownPriceWithClaim(charger, claim);
      expect(shown.line.unit.finalPrice).toBe(71920);
      expect(shown.offerToClaim?.offer).toBe(best);
    }
  });
});

describe('the discount badge: one number for every badge', () => {
  it('is how far the shown price is below the list price, in whole percent rounded down', () => {
    // 15 % off, then a 40 % offer: 49 % below the list price, not 15 and not 40.
    const claimed = calculateShownPrice({ price: 1000, discount: 15 }, { ...offer, discountValue: 40 }, true);
    expect(formatBelowListBadge(claimed.line.unit)).toBe('49% off');
    expect(formatBelowListBadge({ originalPrice: 1000 as Paise, finalPrice: 875 as Paise })).toBe('12% off');
    expect(formatBelowListBadge({ originalPrice: 1000 as Paise, finalPrice: 995 as Paise })).toBeNull();
    expect(formatBelowListBadge({ originalPrice: 0 as Paise, finalPrice: 0 as Paise })).toBeNull();
    expect(formatBelowListBadge({ originalPrice: 500 as Paise, finalPrice: 0 as Paise })).toBe('100% off');
  });

  it('never says more than the price is below its list price (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        (list, price) => {
          const finalPrice = Math.min(list, price);
          const percent = calculatePercentBelowList({
            originalPrice: list as Paise,
            finalPrice: finalPrice as Paise,
          });
          expect(percent * list).toBeLessThanOrEqual((list - finalPrice) * 100);
          expect((percent + 1) * list).toBeGreaterThan((list - finalPrice) * 100);
        },
      ),
    );
  });
});

describe('an offer’s label never repeats its discount', () => {
  it('is the title alone when it says the discount, else the title and the discount', () => {
    expect(formatOfferLabel({ ...offer, title: '20% off ethnic wear' })).toBe('20% off ethnic wear');
    expect(formatOfferLabel({ ...offer, title: 'Ethnic wear at 20 percent off' })).toBe(
      'Ethnic wear at 20 percent off',
    );
    expect(formatOfferLabel(offer)).toBe('Festive Days · 20% off');
    // 120 % is not 20 %.
    expect(formatOfferLabel({ ...offer, title: 'Save 120% more' })).toBe('Save 120% more · 20% off');
    const fixed = { title: 'Flat ₹1,000 off', discountType: 'fixed' as const, discountValue: 1000 };
    expect(formatOfferLabel(fixed)).toBe('Flat ₹1,000 off');
    expect(formatOfferLabel({ ...fixed, title: 'Rs. 1000 off chargers' })).toBe('Rs. 1000 off chargers');
    expect(formatOfferLabel({ ...fixed, title: 'Flat ₹10,000 off' })).toBe('Flat ₹10,000 off · ₹1,000 off');
    expect(formatOfferLabel({ ...fixed, title: ' ' })).toBe('₹1,000 off');
  });

  it('tells the offer card whether its title says the discount, by the same rule', () => {
    expect(isDiscountInTitle({ ...offer, title: '20% off ethnic wear' })).toBe(true);
    expect(isDiscountInTitle(offer)).toBe(false);
    expect(isDiscountInTitle({ ...offer, title: 'Save 120% more' })).toBe(false);
    expect(isDiscountInTitle({ ...offer, title: '' })).toBe(false);
    expect(isDiscountInTitle({ title: 'Flat ₹1,000 off', discountType: 'fixed', discountValue: 1000 })).toBe(
      true,
    );
  });
});
