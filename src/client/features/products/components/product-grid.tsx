import { PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { PRODUCT_SKELETONS, PRODUCT_SKELETONS_MORE } from '../../../../shared/constants.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { APP_MESSAGES } from '../../../../shared/shell-messages.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

/** Cards in view at once on most screens: their photos load first (product-image.tsx). */
const EAGER_CARDS = 4;

/** The product card grid of every listing: 2 columns on a phone, up to 4 on wide screens. */
export function ProductGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">{children}</div>;
}

const renderSkeletons = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => <ProductCardSkeleton key={`${prefix}-${index}`} />);

/**
 * A paged product list (docs/product.md "Listings", "Paging" skeletons): 8 skeletons while the first page loads,
 * 'No products found' when empty, then the cards with 4 more skeletons while the next page loads.
 */
export function PagedProductGrid({
  items,
  loading,
  loadingMore,
}: {
  items: ProductSummary[];
  loading: boolean;
  loadingMore: boolean;
}) {
  if (loading) return <ProductGrid>{renderSkeletons(PRODUCT_SKELETONS, 'first')}</ProductGrid>;
  if (items.length === 0) return <EmptyState icon={PackageSearch} title={APP_MESSAGES.productsEmpty} />;
  return (
    <ProductGrid>
      {items.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < EAGER_CARDS} />
      ))}
      {loadingMore ? renderSkeletons(PRODUCT_SKELETONS_MORE, 'more') : null}
    </ProductGrid>
  );
}
