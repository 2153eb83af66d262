import { describe, expect, it } from 'vitest';
import { createTestProductSummary } from '../../test/fixtures.ts';
import { filterLoadedProducts } from './shop-filters.ts';

const kurta = createTestProductSummary({
  id: 'kurta',
  name: 'Indigo Block-Print Kurta',
  description: 'Hand-printed cotton',
  category: 'Fashion - Men',
  tags: ['festive'],
});
const saree = createTestProductSummary({
  id: 'saree',
  name: 'Banarasi Silk Saree',
  description: 'Woven zari border',
  category: 'Fashion - Women',
  tags: ['wedding', 'silk'],
});
const lamp = createTestProductSummary({
  id: 'lamp',
  name: 'Brass Diya Lamp',
  description: '',
  category: 'Home - Decor',
  tags: [],
});
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('filterLoadedProducts', () => {
  it('keeps everything with no subcategory and no search', () => {
    expect(ids(filterLoadedProducts([kurta, saree, lamp], { subcategories: [], search: '' }))).toEqual([
      'kurta',
      'saree',
      'lamp',
    ]);
  });

  it('keeps a product in one of the chosen subcategories, whatever its case', () => {
    const items = filterLoadedProducts([kurta, saree, lamp], { subcategories: ['men', 'Decor'], search: '' });
    // 'Women' contains 'men', but it is another subcategory.
    expect(ids(items)).toEqual(['kurta', 'lamp']);
  });

  it('keeps no product without a subcategory once one is chosen', () => {
    const toy = createTestProductSummary({ id: 'toy', category: 'Toys' });
    expect(filterLoadedProducts([toy], { subcategories: ['Toys'], search: '' })).toEqual([]);
  });

  it('matches the search text in the name, description, tags or category, case-insensitively', () => {
    const search = (text: string) =>
      ids(filterLoadedProducts([kurta, saree, lamp], { subcategories: [], search: text }));
    expect(search('BLOCK-print')).toEqual(['kurta']);
    expect(search('zari')).toEqual(['saree']);
    expect(search('wedd')).toEqual(['saree']);
    expect(search('home - dec')).toEqual(['lamp']);
    expect(search('  fashion ')).toEqual(['kurta', 'saree']);
    expect(search('teapot')).toEqual([]);
  });

  it('needs both the subcategory and the search to match', () => {
    const items = filterLoadedProducts([kurta, saree, lamp], { subcategories: ['Women'], search: 'cotton' });
    expect(items).toEqual([]);
  });
});
