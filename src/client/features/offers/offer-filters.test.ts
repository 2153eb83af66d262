// The Offers page's search on loaded offers matches what the server searches: title and description only.
import { describe, expect, it } from 'vitest';
import { createTestProductSummary } from '../../test/fixtures.ts';
import { createTestOffer } from '../../test/offer-fixtures.ts';
import { filterLoadedOffers } from './offer-filters.ts';

const diwali = createTestOffer({
  id: 'o-1',
  title: 'Diwali Dhamaka',
  description: 'Lamps and decor for the festival.',
  terms: ['Valid on brass items'],
  featuredProducts: [{ ...createTestProductSummary({ id: 'rug', name: 'Jute Rug' }), finalPrice: 800 }],
});
const monsoon = createTestOffer({ id: 'o-2', title: 'Monsoon Sale', description: 'Umbrellas.', terms: [] });

describe('filterLoadedOffers', () => {
  it('matches the title and the description, ignoring case and surrounding spaces', () => {
    expect(filterLoadedOffers([diwali, monsoon], ' MONSOON ')).toEqual([monsoon]);
    expect(filterLoadedOffers([diwali, monsoon], 'festival')).toEqual([diwali]);
    expect(filterLoadedOffers([diwali, monsoon], '  ')).toEqual([diwali, monsoon]);
  });

  it('does not match terms or product names, as the server does not', () => {
    expect(filterLoadedOffers([diwali, monsoon], 'brass')).toEqual([]);
    expect(filterLoadedOffers([diwali, monsoon], 'jute')).toEqual([]);
  });
});
