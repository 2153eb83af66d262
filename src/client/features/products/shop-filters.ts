// The Shop's filters on what it has loaded (docs/product.md "Category filter"): chosen subcategories, and the
// search text while the debounced request for it runs (docs/product.md "Search"). Case-insensitive; a subcategory
// must be the product's own, not a part of it, or 'Men' would bring in Women's products (decision 0024).
import type { ProductSummary } from '../../../shared/contracts/products.ts';
import { splitCategory } from '../../../shared/domain/categories.ts';

const includes = (field: string, text: string) => field.toLowerCase().includes(text);

export function filterLoadedProducts(
  items: ProductSummary[],
  { subcategories, search }: { subcategories: readonly string[]; search: string },
): ProductSummary[] {
  const text = search.trim().toLowerCase();
  const subs = subcategories.map((sub) => sub.toLowerCase());
  return items.filter(
    (item) =>
      (subs.length === 0 || subs.includes(splitCategory(item.category).subcategory?.toLowerCase() ?? '')) &&
      (!text ||
        [item.name, item.description, item.category, ...item.tags].some((field) => includes(field, text))),
  );
}
