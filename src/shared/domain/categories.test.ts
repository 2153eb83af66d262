import { describe, expect, it } from 'vitest';
import { findCategory } from './categories.ts';

describe('findCategory', () => {
  it('finds a category or a subcategory whatever its case, spelt as the tree spells it', () => {
    expect(findCategory('Fashion')).toEqual({ category: 'Fashion', subcategory: null });
    expect(findCategory('fashion')).toEqual({ category: 'Fashion', subcategory: null });
    expect(findCategory('  ELECTRONICS ')).toEqual({ category: 'Electronics', subcategory: null });
    expect(findCategory('fashion - MEN')).toEqual({ category: 'Fashion', subcategory: 'Men' });
    expect(findCategory('Books - non-fiction')).toEqual({ category: 'Books', subcategory: 'Non-Fiction' });
  });

  it('finds a subcategory only under its own category', () => {
    expect(findCategory('Home - Men')).toBeNull();
    expect(findCategory('Sports - Accessories')).toEqual({ category: 'Sports', subcategory: 'Accessories' });
  });

  it('finds nothing for a name the tree does not have', () => {
    for (const value of ['', 'All', 'Fashio', 'Fashion -', 'Fashion - Shoes', 'Men', 'Uncategorized']) {
      expect(findCategory(value), value).toBeNull();
    }
  });
});
