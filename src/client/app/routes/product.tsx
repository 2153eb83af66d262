// Product detail (docs/product.md "Product detail"): loads the product and hands it to the products feature's view,
// with what other features show on it: the creator's card, the price with its offer (docs/product.md "Offer on a
// product", "Price calculation") and 'Add to Loot'.
import { useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AddToLootButton } from '../../features/lootbox/components/add-to-loot-button.tsx';
import { findActiveOffer, readClaimedOfferId } from '../../features/offers/hooks/use-claimed-offer.ts';
import { useProduct } from '../../features/products/api/products.ts';
import { ProductLoadError } from '../../features/products/components/product-load-error.tsx';
import { ProductSkeleton } from '../../features/products/components/product-skeleton.tsx';
import { ProductView } from '../../features/products/components/product-view.tsx';
import { CreatorHoverCard } from '../../features/users/components/creator-hover-card.tsx';
import { ProductPriceAndOffer } from '../product-offer-slot.tsx';

export function Component() {
  const { id = '' } = useParams();
  const query = useProduct(id);
  if (query.isPending) return <ProductSkeleton />;
  const { product } = query.data ?? {};
  if (query.isError || !product) {
    return (
      <ProductLoadError
        error={query.error ?? undefined}
        backTo={paths.shop.getHref()}
        backLabel="Back to Shop"
      />
    );
  }
  return (
    <ProductView
      product={product}
      creator={
        <CreatorHoverCard
          uid={product.uid}
          username={product.creatorUsername}
          avatar={product.creatorAvatar}
        />
      }
      priceAndOffer={<ProductPriceAndOffer product={product} />}
      addToLoot={
        <AddToLootButton
          product={{
            id: product.id,
            name: product.name,
            price: product.price,
            discount: product.discount,
            thumbnail: product.images[0]?.url ?? null,
          }}
          getOffer={() => {
            // The offer claimed here and not removed, with the terms the server gives now (decision 0037).
            const offerId = readClaimedOfferId(product.id);
            return offerId ? findActiveOffer(product, offerId) : null;
          }}
        />
      }
    />
  );
}
