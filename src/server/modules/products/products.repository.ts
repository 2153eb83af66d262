// The only code that touches the catalogue tables, one file per operation: listing (with search), Hot Deals,
// writes and the stored counts (decision 0058); this factory puts them together, so that a service builds one.
// A factory over an executor (decision 0026): the service builds it on the database for reads and on its own
// transaction for writes; nothing here opens a transaction, so the writes that span tables (a product with its
// images and counts, a rating with the product's totals) are atomic only inside the caller's.
import type { Executor } from '../../db/transaction.ts';
import { createHotDealsRepository } from './hot-deals.repository.ts';
import { createProductCountsRepository } from './product-counts.repository.ts';
import { createProductListingRepository } from './products-listing.repository.ts';
import { createProductWritesRepository } from './products-writes.repository.ts';

export type ProductsRepository = ReturnType<typeof createProductsRepository>;

export function createProductsRepository(db: Executor) {
  return {
    ...createProductListingRepository(db),
    ...createHotDealsRepository(db),
    ...createProductCountsRepository(db),
    ...createProductWritesRepository(db),
  };
}
