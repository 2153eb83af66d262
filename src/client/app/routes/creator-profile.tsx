// /profile/{userId} and /shopstar/{username}: the same screen (spec §2): cover, avatar, full name, @username, bio
// with clickable links, stats and the creator's products.
import { PackageOpen, UserX } from 'lucide-react';
import { useParams } from 'react-router';
import type { UserProfile } from '../../../shared/contracts/users.ts';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LinkifiedText } from '../../components/ui/linkified-text.tsx';
import { useProductList } from '../../features/products/api/products.ts';
import { ProductCard, ProductCardSkeleton } from '../../features/products/components/product-card.tsx';
import { ProductGrid } from '../../features/products/components/product-grid.tsx';
import { useProfile } from '../../features/users/api/profiles.ts';
import { CreatorStats } from '../../features/users/components/creator-stats.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';

export function Component() {
  const { username, userId } = useParams();
  const profile = useProfile({ username, userId });
  if (profile.isPending) {
    return <div aria-hidden="true" className="h-44 animate-pulse rounded-3xl bg-surface-muted" />;
  }
  if (profile.isError) {
    return <EmptyState icon={UserX} title={getErrorMessage(profile.error)} />;
  }
  return <CreatorProfile profile={profile.data.data} />;
}

function CreatorProfile({ profile }: { profile: UserProfile }) {
  const products = useProductList({ uid: profile.uid, limit: 24 });
  const items = products.data?.pages.flatMap((page) => page.items) ?? [];
  const name = profile.fullName || profile.displayName || profile.username;
  return (
    <>
      <title>{`${name} (@${profile.username}) · ${PRODUCT_NAME}`}</title>
      <div className="-mx-4 -mt-6 h-32 overflow-hidden sm:mx-0 sm:mt-0 sm:h-48 sm:rounded-3xl md:-mt-2">
        {profile.coverImage ? (
          <img src={profile.coverImage} alt="" className="size-full object-cover" />
        ) : (
          <div className="brand-gradient size-full" aria-hidden="true" />
        )}
      </div>
      <div className="-mt-10 px-2">
        <Avatar
          name={name}
          src={profile.avatar}
          className="size-20 border-4 border-page text-2xl sm:size-24"
        />
      </div>
      <div className="mt-2 min-w-0 px-2">
        <h1 className="truncate text-2xl font-extrabold tracking-tight text-ink" dir="auto">
          {name}
        </h1>
        <p className="text-ink-muted">@{profile.username}</p>
      </div>
      {profile.bio ? <LinkifiedText text={profile.bio} className="mt-4 max-w-2xl px-2 text-ink" /> : null}
      <CreatorStats stats={profile.stats} className="mt-4 px-2" />
      <h2 className="mt-8 mb-4 text-xl font-extrabold tracking-tight text-ink">Products</h2>
      {products.isPending ? (
        <ProductGrid>
          {Array.from({ length: 4 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </ProductGrid>
      ) : items.length === 0 ? (
        <EmptyState icon={PackageOpen} title="No products yet" />
      ) : (
        <ProductGrid>
          {items.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ProductGrid>
      )}
    </>
  );
}
