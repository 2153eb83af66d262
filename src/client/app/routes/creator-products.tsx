// /creator/{uid}/products (spec §2): every active product of one Shop Star, newest first, a page at a time by
// infinite scroll, under the creator's chip with its hover card.
import { PackageSearch, UserX } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import type { UserProfile } from '../../../shared/contracts/users.ts';
import { APP_MESSAGES, CREATOR_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useProductList } from '../../features/products/api/products.ts';
import { PagedProductGrid } from '../../features/products/components/product-grid.tsx';
import { useProfile } from '../../features/users/api/profiles.ts';
import { CreatorHoverCard } from '../../features/users/components/creator-hover-card.tsx';
import { useInfiniteScroll } from '../../hooks/use-infinite-scroll.ts';
import { ApiError, getErrorMessage } from '../../lib/api-client.ts';

const TITLE = 'All products';

export function Component() {
  const { uid = '' } = useParams();
  const profile = useProfile({ userId: uid });
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <EmptyState icon={UserX} title={missing ? USER_MESSAGES.userNotFound : getErrorMessage(profile.error)}>
        {missing ? null : (
          <button
            type="button"
            className={getButtonClass({ size: 'sm' })}
            onClick={() => void profile.refetch()}
          >
            {APP_MESSAGES.tryAgain}
          </button>
        )}
      </EmptyState>
    );
  }
  return (
    <>
      <CreatorHeader uid={uid} profile={profile.data?.data} />
      <CreatorProductList uid={uid} />
    </>
  );
}

function CreatorHeader({ uid, profile }: { uid: string; profile: UserProfile | undefined }) {
  const list = useProductList({ uid });
  const total = list.data?.pages[0]?.total;
  return (
    <header className="mb-6">
      <title>
        {profile ? `${TITLE} · @${profile.username} · ${PRODUCT_NAME}` : `${TITLE} · ${PRODUCT_NAME}`}
      </title>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{TITLE}</h1>
      <div className="mt-3 flex min-h-9 flex-wrap items-center gap-x-3 gap-y-2">
        {profile ? (
          <CreatorHoverCard uid={uid} username={profile.username} avatar={profile.avatar} />
        ) : (
          <span aria-hidden="true" className="h-9 w-36 animate-pulse rounded-full bg-surface-muted" />
        )}
        {total !== undefined ? (
          <p className="text-sm text-ink-muted">{CREATOR_MESSAGES.productCount(total)}</p>
        ) : null}
      </div>
    </header>
  );
}

function CreatorProductList({ uid }: { uid: string }) {
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
