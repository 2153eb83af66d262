// A product card's @username with the creator hover card (ProductCardSlots.creator, given by RootLayout). The card's
// code is a chunk of its own, fetched when the first product card shows; until then the @username is plain text.
import { lazy, Suspense } from 'react';
import type { ProductSummary } from '../../shared/contracts/products.ts';

const CreatorHoverCard = lazy(() =>
  import('../features/users/components/creator-hover-card.tsx').then((module) => ({
    default: module.CreatorHoverCard,
  })),
);

export function ProductCardCreator({ product }: { product: ProductSummary }) {
  return (
    <Suspense fallback={<p className="truncate text-xs text-ink-subtle">@{product.creatorUsername}</p>}>
      <CreatorHoverCard variant="inline" uid={product.uid} username={product.creatorUsername} />
    </Suspense>
  );
}
