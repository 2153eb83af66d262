// 'More from @{creatorUsername}' on the product page (docs/product.md "Product detail",
// "Related products"): up to 4
// other products of the same creator, fetched 700 ms after the page so the product itself loads first.
import { PackageOpen } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  RELATED_FETCH_DELAY_MS,
  RELATED_FETCH_LIMIT,
  RELATED_MAX_SHOWN,
} from '../../../../shared/constants.ts';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { CREATOR_MESSAGES } from '../../../../shared/creator-messages.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useProductList } from '../api/products.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { ProductGrid } from './product-grid.tsx';
import { toast } from '../../../lib/toast.ts';

export function MoreFromCreator({ product }: { product: ProductDetail }) {
  const ready = useIsDelayed(product.uid, RELATED_FETCH_DELAY_MS);
  const query = useProductList({ uid: product.uid, limit: RELATED_FETCH_LIMIT }, { enabled: ready });
  // Another creator's list kept on screen while this one loads is not this creator's.
  const items = query.isPlaceholderData ? undefined : query.data?.pages[0]?.items;
  const related = items
    ?.filter((item) => item.uid === product.uid && item.id !== product.id)
    .slice(0, RELATED_MAX_SHOWN);
  const failed = query.isError && !related;

  useEffect(() => {
    if (failed) toast.error(CREATOR_MESSAGES.relatedLoadFailed);
  }, [failed]);

  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="min-w-0 truncate text-xl font-extrabold tracking-tight text-ink">
          {CREATOR_MESSAGES.moreFrom(product.creatorUsername)}
        </h2>
        <Link
          to={paths.creatorProducts.getHref(product.uid)}
          className="shrink-0 text-sm font-semibold text-brand-ink hover:underline"
        >
          {CREATOR_MESSAGES.viewAll}
        </Link>
      </div>
      {failed ? (
        <EmptyState icon={PackageOpen} title={CREATOR_MESSAGES.relatedError}>
          <button
            type="button"
            className="font-semibold text-brand-ink underline-offset-2 hover:underline"
            onClick={() => window.location.reload()}
          >
            {CREATOR_MESSAGES.refreshPage}
          </button>
        </EmptyState>
      ) : !related ? (
        <ProductGrid>
          {Array.from({ length: RELATED_MAX_SHOWN }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </ProductGrid>
      ) : related.length === 0 ? (
        <EmptyState icon={PackageOpen} title={CREATOR_MESSAGES.relatedEmpty} />
      ) : (
        <ProductGrid>
          {related.map((item) => (
            <ProductCard key={item.id} product={item} />
          ))}
        </ProductGrid>
      )}
    </section>
  );
}

/** True once `ms` have passed with the same key (a product of the same creator needs no new wait). */
function useIsDelayed(key: string, ms: number): boolean {
  const [readyKey, setReadyKey] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setReadyKey(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return readyKey === key;
}
