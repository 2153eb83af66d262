import { useId } from 'react';
import { Link } from 'react-router';
import { PRODUCT_CARD_IMAGE_SIZES } from '../../../../shared/constants.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { formatPrice } from '../../../../shared/domain/pricing.ts';
import { calculateShownPrice, formatBelowListBadge } from '../../../../shared/domain/shown-price.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { paths } from '../../../config/paths.ts';
import { useProductCardSlots } from './product-card-slots.ts';
import { ProductImage } from './product-image.tsx';

export function ProductCard({
  product,
  eager = false,
  badge,
}: {
  product: ProductSummary;
  /** In view at once: its photo loads first. */
  eager?: boolean;
  /** A word on the photo's top right corner (Hot Deals: 'LOOT NOW'). */
  badge?: string;
}) {
  // docs/product.md "Shown price": the card's price is the product's own; the offer active now that it carries
  // (Hot Deals) is not claimed on a card, so it shows beside the price with what it would take it to. The corner
  // badge says how far the price shown is below the list price (the one badge rule, shown-price.ts).
  const shown = calculateShownPrice(product, product.activeOffer, false);
  const price = shown.line.unit;
  const offerPrice = shown.offerToClaim?.line.offerApplies ? shown.offerToClaim.line.unit : null;
  const cornerBadge = formatBelowListBadge(price);
  const { creator } = useProductCardSlots();
  const nameId = useId();
  // One link over the whole card (its ::after), with the creator's @username above it: a link may not hold another.
  return (
    <article
      aria-labelledby={nameId}
      className="group relative flex flex-col rounded-2xl border border-line bg-surface shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <div className="relative aspect-square overflow-hidden rounded-t-2xl bg-surface-muted">
        <ProductImage
          image={product.cover ?? undefined}
          alt={product.name}
          sizes={PRODUCT_CARD_IMAGE_SIZES}
          eager={eager}
          className="size-full object-cover transition-transform duration-300 motion-safe:group-hover:scale-105"
        />
        {cornerBadge || badge ? (
          // One row that wraps on narrow cards (two columns on a phone), so the two never overlap.
          <div className="absolute inset-x-2 top-2 flex flex-wrap items-start gap-1">
            {cornerBadge ? (
              <span className="rounded-full bg-deal px-2 py-0.5 text-xs font-bold whitespace-nowrap text-white">
                {cornerBadge}
              </span>
            ) : null}
            {badge ? (
              <span className="ml-auto rounded-full bg-brand-fill px-2 py-0.5 text-xs font-extrabold tracking-wide whitespace-nowrap text-white shadow">
                {badge}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Link
          id={nameId}
          to={paths.product.getHref(product.id)}
          className="line-clamp-2 text-sm font-semibold text-ink outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-brand"
        >
          {product.name}
        </Link>
        <div className="relative z-10 flex min-w-0">
          {creator?.(product) ?? (
            <p className="truncate text-xs text-ink-subtle">@{product.creatorUsername}</p>
          )}
        </div>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
          <span className="font-bold text-ink">{formatPrice(price.finalPrice)}</span>
          {price.finalPrice < price.originalPrice ? (
            <span className="text-xs text-ink-subtle line-through">{formatPrice(price.originalPrice)}</span>
          ) : null}
        </p>
        {offerPrice ? (
          <p data-testid="card-offer-price" className="text-xs font-semibold text-brand-ink">
            {OFFER_MESSAGES.priceWithOffer(formatPrice(offerPrice.finalPrice))}
          </p>
        ) : null}
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-line bg-surface">
      <div className="aspect-square animate-pulse bg-surface-muted" />
      <div className="space-y-2 p-3">
        <div className="h-4 w-4/5 animate-pulse rounded bg-surface-muted" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-surface-muted" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-surface-muted" />
      </div>
    </div>
  );
}
