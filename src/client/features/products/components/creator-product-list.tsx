// Every active product of one Shop Star, newest first, a page at a time by infinite scroll: the list of the
// creator profile and of /creator/{uid}/products. A failed load shows its message with Try Again, plus a toast
// (docs/product.md "Error texts: Home and lists").
import { PackageSearch } from 'lucide-react';
import { useEffect } from 'react';
import { APP_MESSAGES } from '../../../../shared/shell-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useProductList } from '../api/products.ts';
import { PagedProductGrid } from './product-grid.tsx';
import { toast } from '../../../lib/toast.ts';

export function CreatorProductList({ uid }: { uid: string }) {
  const query = useProductList({ uid });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    if (query.isError) toast.error(getErrorMessage(query.error));
  }, [query.isError, query.error]);

  const sentinel = useInfiniteScroll({
    enabled: query.hasNextPage && !query.isFetchingNextPage,
    onReach: () => void query.fetchNextPage(),
  });

  if (query.isError && !query.data) {
    return (
      <EmptyState icon={PackageSearch} title={getErrorMessage(query.error)}>
        <button type="button" className={getButtonClass({ size: 'sm' })} onClick={() => void query.refetch()}>
          {APP_MESSAGES.tryAgain}
        </button>
      </EmptyState>
    );
  }
  return (
    <>
      <PagedProductGrid items={items} loading={query.isPending} loadingMore={query.isFetchingNextPage} />
      <div ref={sentinel} aria-hidden="true" className="h-px" />
    </>
  );
}
