// /creator/{uid}/products (docs/product.md "Route table"): every active product of one Shop Star, newest first, a
// page at a time by infinite scroll, under the creator's chip with its hover card.
import { useParams } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import type { UserProfile } from '../../../shared/contracts/users.ts';
import { CREATOR_MESSAGES } from '../../../shared/creator-messages.ts';
import { useProductList } from '../../features/products/api/products.ts';
import { CreatorProductList } from '../../features/products/components/creator-product-list.tsx';
import { useProfile } from '../../features/users/api/profiles.ts';
import { CreatorHoverCard } from '../../features/users/components/creator-hover-card.tsx';
import { ProfileLoadError } from '../../features/users/components/profile-load-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

const TITLE = 'All products';

export function Component() {
  const { uid = '' } = useParams();
  const profile = useProfile({ userId: uid });
  if (profile.isError) {
    return <ProfileLoadError error={profile.error} onRetry={() => void profile.refetch()} />;
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
      <PageTitle>
        {profile ? `${TITLE} · @${profile.username} · ${PRODUCT_NAME}` : `${TITLE} · ${PRODUCT_NAME}`}
      </PageTitle>
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
