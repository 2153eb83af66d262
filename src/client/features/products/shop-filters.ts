// The Shop's filters on what it has loaded (docs/product.md "Category filter"): chosen subcategories, and the
// search text while the debounced request for it runs (docs/product.md "Search"). Case-insensitive; a subcategory
// must be the product's own, not a part of it, or 'Men' would bring in Women's products (decision 0024).
import type { ProductSummary } from '../../../shared/contracts/products.ts';
import { CATEGORY_SEPARATOR, findCategory, splitCategory } from '../../../shared/domain/categories.ts';

const includes = (field: string, text: string) => field.toLowerCase().includes(text);

/** Whether a product's category has this subcategory, looked up in the tree under the product's own category. */
function isInSubcategory(productCategory: string, sub: string): boolean {
  const { category, subcategory } = splitCategory(productCategory);
  return (
    subcategory !== null &&
    findCategory(`${category}${CATEGORY_SEPARATOR}${sub}`)?.subcategory === subcategory
  );
}

export function filterLoadedProducts(
  items: ProductSummary[],
  { subcategories, search }: { subcategories: readonly string[]; search: string },
): ProductSummary[] {
  const text = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (subcategories.length === 0 || subcategories.some((sub) => isInSubcategory(item.category, sub))) &&
      (!text ||
        [item.name, item.description, item.category, ...item.tags].some((field) => includes(field, text))),
  );
}
