// The product types of GET and POST /api/v1/content, registered with the content module: `product` (the shop's
// listings, one creator's, one product by contentId, Hot Deals; creating one) and `categoryList` (the fixed tree with
// counts).
import type { ContentRegistry } from '../content/content.service.ts';
import { PRODUCT_BODY_LIMIT_BYTES } from './products.routes.ts';
import type { ProductsService } from './products.service.ts';

export function registerProductContent(content: ContentRegistry, products: ProductsService): void {
  content.register('product', {
    list: (query, reader) => products.list(query, reader),
    cacheLists: true,
    // Hot Deals is cached no longer than the next offer start or end (docs/product.md "Hot Deals").
    cacheUntil: (query) => products.cacheListUntil(query),
    create: {
      bodyLimitBytes: PRODUCT_BODY_LIMIT_BYTES,
      async create(userId, { type: _type, ...data }, tx) {
        return { product: await products.create(userId, data, tx) };
      },
    },
  });
  // Not cached (as before the content module): its counts are read from product_counts, one small query.
  content.register('categoryList', {
    list: (query, reader) => products.listCategories(query.limit, reader),
    cacheLists: false,
  });
}
