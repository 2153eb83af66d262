// What a product page accepts as a claim stored in its session slot (docs/product.md "Offer on a product"): exactly
// what it writes, and nothing else, which reads as no claim.
import { describe, expect, it } from 'vitest';
import { toStoredClaim } from './use-claimed-offer.ts';

describe('toStoredClaim', () => {
  it('takes a claim as the page writes it', () => {
    expect(toStoredClaim({ offerId: 'o1', status: 'applied', removedAt: null })).toEqual({
      offerId: 'o1',
      status: 'applied',
      removedAt: null,
    });
    expect(toStoredClaim({ offerId: 'o1', status: 'removed', removedAt: 1_700_000_000_000 })).toEqual({
      offerId: 'o1',
      status: 'removed',
      removedAt: 1_700_000_000_000,
    });
  });

  it.each([
    null,
    'o1',
    42,
    [],
    {},
    { offerId: '', status: 'applied', removedAt: null },
    { offerId: 7, status: 'applied', removedAt: null },
    { offerId: 'o1', status: 'none', removedAt: null },
    { offerId: 'o1', status: 'applied' },
    { offerId: 'o1', status: 'removed', removedAt: Number.POSITIVE_INFINITY },
    { offerId: 'o1', status: 'removed', removedAt: '1700000000000' },
  ])('reads %j as no claim', (value) => {
    expect(toStoredClaim(value)).toBeNull();
  });
});
