import { describe, expect, it } from 'vitest';
import { HOME_PRODUCTS_LIMIT } from '../constants.ts';
import { ContentListQuerySchema } from '../contracts/content.ts';
import { getNewArrivalsQuery } from './home-query.ts';

describe('getNewArrivalsQuery', () => {
  it("asks for Home's row of newest active products (docs/product.md 'Home')", () => {
    expect(getNewArrivalsQuery()).toEqual({
      status: 'active',
      type: 'product',
      sort: 'newest',
      limit: String(HOME_PRODUCTS_LIMIT),
    });
  });

  it('is a query the content endpoint accepts, sorted newest first', () => {
    const parsed = ContentListQuerySchema.parse(getNewArrivalsQuery());
    expect(parsed).toMatchObject({ type: 'product', sort: 'newest', limit: HOME_PRODUCTS_LIMIT });
  });

  it('is a new object each time, so a caller that adds to it changes no other', () => {
    const first = getNewArrivalsQuery();
    first.cursor = 'x';
    expect(getNewArrivalsQuery()).not.toHaveProperty('cursor');
  });
});
