import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { getProductListQuery, getShopFilters, getShopListQuery, normalizePriceParam } from './shop-query.ts';

const limit = String(DEFAULT_PAGE_SIZE);
const params = (search: string) => new URLSearchParams(search);

describe('getShopFilters', () => {
  it('reads nothing from a bare URL: all categories, no search, no subcategory, no price', () => {
    expect(getShopFilters(params(''))).toEqual({
      search: '',
      category: 'All',
      subcategories: [],
      minPrice: '',
      maxPrice: '',
    });
  });

  it('picks the tree’s category whatever the case, and keeps a name the tree does not have as it came', () => {
    expect(getShopFilters(params('category=fASHION')).category).toBe('Fashion');
    expect(getShopFilters(params('category=Gadgets')).category).toBe('Gadgets');
    expect(getShopFilters(params('category=Fashion%20-%20Men')).category).toBe('Fashion - Men');
  });

  it('reads subcategories, search text and prices, dropping a price that is not one', () => {
    const filters = getShopFilters(params('sub=Men,Kids&search=kurta&min=100.5&max=-5'));
    expect(filters).toMatchObject({ subcategories: ['Men', 'Kids'], search: 'kurta', minPrice: '100.5' });
    expect(filters.maxPrice).toBe('');
  });
});

describe('normalizePriceParam', () => {
  it('keeps rupees with at most two decimals, trimmed', () => {
    expect(normalizePriceParam(' 499 ')).toBe('499');
    expect(normalizePriceParam('499.99')).toBe('499.99');
    for (const value of ['', 'abc', '-5', '4.999', '1e3']) expect(normalizePriceParam(value), value).toBe('');
  });
});

describe('getProductListQuery', () => {
  it('asks for active products, a page at a time, leaving out what is empty', () => {
    expect(getProductListQuery({})).toEqual({
      type: 'product',
      status: 'active',
      limit,
    });
    expect(getProductListQuery({ uid: 'u1', limit: 4, search: '' })).toEqual({
      type: 'product',
      status: 'active',
      limit: '4',
      uid: 'u1',
    });
  });

  it('sends a price range only with both ends', () => {
    expect(getProductListQuery({ minPrice: '100' })).not.toHaveProperty('minPrice');
    expect(getProductListQuery({ minPrice: '100', maxPrice: '500' })).toMatchObject({
      minPrice: '100',
      maxPrice: '500',
    });
  });
});

describe('getShopListQuery', () => {
  it('builds the Shop’s first request from its URL; subcategories are filtered on the client', () => {
    expect(getShopListQuery(params(''))).toEqual({ type: 'product', status: 'active', limit });
    expect(getShopListQuery(params('category=fashion&sub=Men&search=silk&min=100&max=900'))).toEqual({
      type: 'product',
      status: 'active',
      limit,
      category: 'Fashion',
      search: 'silk',
      minPrice: '100',
      maxPrice: '900',
    });
    expect(getShopListQuery(params('category=All&min=100'))).toEqual({
      type: 'product',
      status: 'active',
      limit,
    });
  });
});
