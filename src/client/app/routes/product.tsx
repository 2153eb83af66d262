// Product detail (docs/product.md "Product detail"): breadcrumb, gallery, price block, description, tags,
// 'Loot Now' and 'Add to Loot'; the offer on the product (docs/product.md "Offer on a product", "Price calculation").
import clsx from 'clsx';
import { Suspense, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  DESCRIPTION_SHORTEN_CHARS,
  OFFER_COUNTDOWN_TICK_MS,
  TAGS_SHOWN_BEFORE_COLLAPSE,
} from '../../../shared/constants.ts';
import { z } from 'zod';
import type { ProductDetail } from '../../../shared/contracts/products.ts';
import { splitCategory } from '../../../shared/domain/categories.ts';
import { getOfferState } from '../../../shared/domain/offers.ts';
import { calculateShownPrice, formatBelowListBadge } from '../../../shared/domain/shown-price.ts';
import { formatPrice } from '../../../shared/domain/pricing.ts';
import { OFFER_MESSAGES } from '../../../shared/messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { paths } from '../../config/paths.ts';
import { ProductOfferPanel } from '../../features/offers/components/product-offer-panel.tsx';
import { AddToLootButton } from '../../features/lootbox/components/add-to-loot-button.tsx';
import {
  findActiveOffer,
  readClaimedOfferId,
  useClaimedOffer,
} from '../../features/offers/hooks/use-claimed-offer.ts';
import type { ClaimState } from '../../features/offers/product-offer.ts';
import { useProduct } from '../../features/products/api/products.ts';
import { DeleteProductButton } from '../../features/products/components/delete-product-button.tsx';
import { ProductLoadError } from '../../features/products/components/product-load-error.tsx';
import { MoreFromCreator } from '../../features/products/components/more-from-creator.tsx';
import { ProductGallery } from '../../features/products/components/product-gallery.tsx';
import { RateProduct, RatingSummary } from '../../features/products/components/product-rating.tsx';
import { ShareProductButton } from '../../features/products/components/share-product-button.tsx';
import { CreatorHoverCard } from '../../features/users/components/creator-hover-card.tsx';
import { useNow } from '../../hooks/use-now.ts';
import { useAuth } from '../../lib/auth.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';

// The dialog (with its store-link previews) is code a visitor needs only after 'Loot Now': fetched when the button
// is pointed at, focused or touched, not with the page.
const ContactDialog = lazyWithPreload(() =>
  import('../../features/products/components/contact-dialog.tsx').then((module) => ({
    default: module.ContactDialog,
  })),
);

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
  return <ProductView product={product} />;
}

/**
 * The page's shape while the product loads. At least a screen tall, so that nothing below it (the footer) is in
 * view and then pushed down when the product arrives (a layout shift).
 */
function ProductSkeleton() {
  const block = 'animate-pulse rounded-2xl bg-surface-muted';
  return (
    <div aria-hidden="true" className="min-h-dvh">
      <div className={`mb-4 h-5 w-2/3 ${block}`} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className={`aspect-square ${block}`} />
        <div className="flex flex-col gap-4">
          <div className={`h-9 w-4/5 ${block}`} />
          <div className={`h-10 w-40 ${block}`} />
          <div className={`h-24 ${block}`} />
          <div className={`h-12 ${block}`} />
        </div>
      </div>
    </div>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const [contactOpen, setContactOpen] = useState(false);
  // Once opened, the dialog stays mounted, so that closing it animates and returns focus.
  const [contactUsed, setContactUsed] = useState(false);
  const { user } = useAuth();
  const [expanded, setExpanded] = useState(false);
  const [allTags, setAllTags] = useState(false);
  const { category, subcategory } = splitCategory(product.category);
  const longDescription = product.description.length > DESCRIPTION_SHORTEN_CHARS;
  const tags = allTags ? product.tags : product.tags.slice(0, TAGS_SHOWN_BEFORE_COLLAPSE);
  return (
    <article>
      <title>{`${product.name} · Lootklip`}</title>
      <nav aria-label="Breadcrumb" className="mb-4 flex flex-wrap items-center gap-1 text-sm text-ink-muted">
        <Link to={paths.shop.getHref()} className="hover:text-ink hover:underline">
          Shop
        </Link>
        <span aria-hidden="true">/</span>
        <Link
          to={paths.shop.getHref()}
          state={{ category, subcategory }}
          className="hover:text-ink hover:underline"
        >
          {product.category}
        </Link>
        <span aria-hidden="true">/</span>
        <span className="truncate text-ink">{product.name}</span>
      </nav>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} name={product.name} />
        <div className="flex flex-col gap-4">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{product.name}</h1>
            <ShareProductButton product={product} />
          </div>
          <CreatorHoverCard
            uid={product.uid}
            username={product.creatorUsername}
            avatar={product.creatorAvatar}
          />
          <p className="flex items-center gap-3 text-sm text-ink-muted">
            <RatingSummary product={product} />
            <span aria-hidden="true">·</span>
            <span>{product.category}</span>
          </p>
          <RateProduct product={product} />
          <ProductPriceAndOffer product={product} />
          {/*
            'Loot Now' and 'Add to Loot' side by side; on a phone (below 768 px) in a bar pinned above the bottom
            tabs, and at the bottom edge while the tabs are hidden by scrolling (issue 16 item 9).
          */}
          <div
            data-testid="product-actions"
            data-pinned-actions=""
            className={clsx(
              'grid grid-cols-2 gap-3',
              'max-md:fixed max-md:inset-x-0 max-md:z-30 max-md:h-[4.5rem] max-md:items-center max-md:border-t max-md:border-line max-md:bg-surface/95 max-md:px-4 max-md:backdrop-blur-md',
              'max-md:bottom-[calc(var(--spacing-bottom-bar)+env(safe-area-inset-bottom))] motion-safe:transition-[bottom] motion-safe:duration-200',
              'max-md:[body:has([data-testid=bottom-bar][data-visible=false])_&]:bottom-0',
            )}
          >
            <button
              type="button"
              className={getButtonClass({ size: 'lg' })}
              onPointerEnter={ContactDialog.preload}
              onFocus={ContactDialog.preload}
              onTouchStart={ContactDialog.preload}
              onClick={() => {
                setContactUsed(true);
                setContactOpen(true);
              }}
            >
              Loot Now
            </button>
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
          </div>
          {user?.uid === product.uid ? (
            // The owner's own controls (issue 16 item 3); the server refuses anyone else's edit or delete too.
            // One above the other on a phone, where half the width cannot hold 'Delete product' and its icon.
            <div className="grid gap-2 sm:grid-cols-2 sm:gap-3">
              <Link
                to={paths.edit.product.getHref(product.id)}
                className={getButtonClass({ variant: 'secondary', size: 'lg' })}
              >
                Edit product
              </Link>
              <DeleteProductButton product={product} />
            </div>
          ) : null}
          <ul className="grid grid-cols-3 gap-2 text-center text-xs text-ink-muted">
            {[
              ['Direct Contact', 'Talk to the seller'],
              ['Best Deals', 'Ask for a better price'],
              ['Direct Trade', 'No middlemen'],
            ].map(([title, text]) => (
              <li key={title} className="rounded-xl border border-line p-2">
                <span className="block font-semibold text-ink">{title}</span>
                {text}
              </li>
            ))}
          </ul>
          {product.description ? (
            <section>
              <h2 className="mb-1 font-bold text-ink">Description</h2>
              <p className="whitespace-pre-line text-ink-muted">
                {expanded || !longDescription
                  ? product.description
                  : `${product.description.slice(0, DESCRIPTION_SHORTEN_CHARS)}...`}
              </p>
              {longDescription ? (
                <button
                  type="button"
                  className="mt-1 text-sm font-semibold text-brand-ink hover:underline"
                  onClick={() => setExpanded((value) => !value)}
                >
                  {expanded ? 'less' : 'more'}
                </button>
              ) : null}
            </section>
          ) : null}
          {product.tags.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full bg-surface-muted px-3 py-1 text-xs font-medium text-ink-muted"
                >
                  #{tag}
                </li>
              ))}
              {product.tags.length > TAGS_SHOWN_BEFORE_COLLAPSE ? (
                <li>
                  <button
                    type="button"
                    className="px-2 py-1 text-xs font-semibold text-brand-ink"
                    onClick={() => setAllTags((value) => !value)}
                  >
                    {allTags ? 'show less' : `+${product.tags.length - TAGS_SHOWN_BEFORE_COLLAPSE} more`}
                  </button>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      </div>
      <MoreFromCreator product={product} />
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactDialog product={product} open={contactOpen} onOpenChange={setContactOpen} />
        </Suspense>
      ) : null}
    </article>
  );
}

/**
 * The price and the offer on it (docs/product.md "Offer on a product", "Price calculation"): the only part of the
 * page that follows the clock (useNow), so the gallery and the rest do not render again every second, while the
 * price still returns to the product's own when an applied offer ends and the reapply countdown ticks.
 */
function ProductPriceAndOffer({ product }: { product: ProductDetail }) {
  const now = useNow(OFFER_COUNTDOWN_TICK_MS);
  const offer = useProductOffer(product);
  const applying =
    offer.claimed.offer !== null &&
    (offer.claimed.status === 'applied' || offer.claimed.status === 'reapplied') &&
    getOfferState(offer.claimed.offer, now) === 'active';
  // docs/product.md "Shown price": the offer prices the product only while claimed (applied) and running, and its
  // minimum purchase is met (priceLine decides); otherwise the offer shown is one to claim, its price beside.
  const shown = calculateShownPrice(product, applying ? offer.claimed.offer : offer.shown, applying);
  const line = shown.line;
  const price = line.unit;
  const badge = formatBelowListBadge(price);
  const offerPrice = shown.offerToClaim?.line.offerApplies ? shown.offerToClaim.line.unit.finalPrice : null;
  return (
    <>
      <section aria-label="Price" className="rounded-2xl bg-surface-muted p-4">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-3xl font-extrabold text-ink">{formatPrice(price.finalPrice)}</span>
          {price.finalPrice < price.originalPrice ? (
            <span className="text-ink-subtle line-through">{formatPrice(price.originalPrice)}</span>
          ) : null}
          {badge ? <span className="font-bold text-deal-ink">{badge}</span> : null}
        </p>
        {line.offerApplies ? (
          <p className="mt-1 flex justify-between gap-3 text-sm text-ink">
            <span>{OFFER_MESSAGES.offerDiscountLine}</span>
            <span className="font-semibold">-{formatPrice(line.offerDiscount)}</span>
          </p>
        ) : null}
        {price.totalSavings > 0 ? (
          <p className="mt-1 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
            Total Savings: {formatPrice(price.totalSavings)}
          </p>
        ) : null}
      </section>
      {offer.shown || offer.claimed.ended ? (
        <ProductOfferPanel
          offer={offer.shown}
          claimed={offer.claimed}
          now={now}
          shortBy={line.shortBy}
          offerPrice={offerPrice}
          onClaim={offer.onClaim}
          onRemove={offer.onRemove}
          onReapply={offer.onReapply}
        />
      ) : null}
    </>
  );
}

const ArrivingClaimSchema = z.object({ offer: z.object({ offerId: z.string().min(1) }) });

/**
 * The offer on this product page (docs/product.md "Offer on a product"): one claimed in this session, or arriving
 * in navigation state from the Offers page's Claim (applied at once, with the toast), or else the offer active now
 * that the product carries, to claim here. Navigation state and the session say only which offer was claimed: its
 * terms, and whether it still applies, come from the product's answer (activeOffers), so a claim on an offer that
 * has ended or changed never applies stale terms (decision 0037).
 */
function useProductOffer(product: ProductDetail) {
  const claimed = useClaimedOffer(product);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const arriving = ArrivingClaimSchema.safeParse(location.state as Partial<ClaimState> | null);
    if (!arriving.success) return;
    const { offerId } = arriving.data.offer;
    // Not among the product's active offers: held for this view only, where the page says it has ended.
    claimed.claim(offerId);
    if (findActiveOffer(product, offerId)) {
      // An id, so React's development double effect shows it once.
      toast.success(OFFER_MESSAGES.claimed, { id: 'offer-claimed' });
    }
    // Applied once: the claim is held in the session from here, so Back or a reload does not claim it again.
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  const shown = claimed.offer ?? product.activeOffer ?? null;
  return {
    shown,
    claimed,
    onClaim: () => {
      if (!shown) return;
      claimed.claim(shown.offerId);
      toast.success(OFFER_MESSAGES.claimed, { id: 'offer-claimed' });
    },
    onRemove: () => {
      claimed.remove();
      toast.success(OFFER_MESSAGES.removed);
    },
    onReapply: () => {
      claimed.reapply();
      toast.success(OFFER_MESSAGES.reapplied);
    },
  };
}
