// The fixed category tree of docs/product.md "Category tree". A product stores its category as it is shown:
// 'Category' or 'Category - Subcategory' (docs/product.md "Product").

export const ALL_CATEGORIES = 'All';
export const UNCATEGORIZED = 'Uncategorized';
export const CATEGORY_SEPARATOR = ' - ';

export const CATEGORY_TREE = {
  Electronics: ['Phones', 'Laptops', 'Accessories'],
  Fashion: ['Men', 'Women', 'Kids'],
  Home: ['Furniture', 'Decor', 'Kitchen'],
  Beauty: ['Skincare', 'Makeup', 'Haircare'],
  Sports: ['Equipment', 'Clothing', 'Accessories'],
  Books: ['Fiction', 'Non-Fiction', 'Academic'],
  Toys: ['Board Games', 'Toys', 'Puzzles'],
} as const satisfies Record<string, readonly string[]>;

export type Category = keyof typeof CATEGORY_TREE;

export const CATEGORIES = Object.keys(CATEGORY_TREE) as Category[];

export function isCategory(value: string): value is Category {
  return Object.hasOwn(CATEGORY_TREE, value);
}

export function formatCategory(category: Category, subcategory?: string | null): string {
  return subcategory ? `${category}${CATEGORY_SEPARATOR}${subcategory}` : category;
}

/** Splits a stored category on ' - ' (the breadcrumb does the same); the subcategory is null when absent. */
export function splitCategory(value: string): { category: string; subcategory: string | null } {
  const at = value.indexOf(CATEGORY_SEPARATOR);
  if (at === -1) return { category: value, subcategory: null };
  return { category: value.slice(0, at), subcategory: value.slice(at + CATEGORY_SEPARATOR.length) };
}

/** True for 'Category' or 'Category - Subcategory' from the fixed tree. */
export function isCategoryInTree(value: string): boolean {
  const { category, subcategory } = splitCategory(value);
  if (!isCategory(category)) return false;
  return subcategory === null || (CATEGORY_TREE[category] as readonly string[]).includes(subcategory);
}

const isSameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The tree's own spelling of 'Category' or 'Category - Subcategory', matched ignoring case and surrounding blanks
 * ('fashion - MEN' is Fashion, Men), so that a link or a URL typed by hand finds what the chips show. Null when the
 * tree has no such category or no such subcategory under it.
 */
export function findCategory(value: string): { category: Category; subcategory: string | null } | null {
  const { category, subcategory } = splitCategory(value.trim());
  const root = CATEGORIES.find((name) => isSameName(name, category));
  if (!root) return null;
  if (subcategory === null) return { category: root, subcategory: null };
  const sub = (CATEGORY_TREE[root] as readonly string[]).find((name) => isSameName(name, subcategory));
  return sub ? { category: root, subcategory: sub } : null;
}
