import { describe, expect, it } from 'vitest';
import { applyDiscount, calculatePrice, formatPrice } from './pricing.ts';

describe('pricing', () => {
  it('applies the base discount, then a percentage offer of the discounted price, capped', () => {
    expect(applyDiscount(1000, 10)).toBe(900);
    expect(calculatePrice(1000, 10, { discountType: 'percentage', discountValue: 20 })).toEqual({
      originalPrice: 1000,
      discountedPrice: 900,
      offerDiscount: 180,
      finalPrice: 720,
      totalSavings: 280,
    });
    expect(
      calculatePrice(1000, 10, { discountType: 'percentage', discountValue: 20, maxDiscount: 50 }).finalPrice,
    ).toBe(850);
  });

  it('subtracts a fixed offer and never goes below zero', () => {
    expect(calculatePrice(500, 0, { discountType: 'fixed', discountValue: 100 }).finalPrice).toBe(400);
    expect(calculatePrice(50, 0, { discountType: 'fixed', discountValue: 100 }).finalPrice).toBe(0);
  });

  it('has no savings without discounts', () => {
    expect(calculatePrice(799, 0).totalSavings).toBe(0);
  });

  it('formats rupees with Indian digit grouping', () => {
    expect(formatPrice(123456.5)).toBe('₹1,23,456.5');
    expect(formatPrice(499)).toBe('₹499');
  });
});
