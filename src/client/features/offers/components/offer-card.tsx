// An offer as shoppers see it on the Offers page (docs/product.md "Offers page"): its discount, minimum purchase, cap,
// validity with a live countdown, terms, and its products at their offer prices, each with Claim. The create and
// edit form show the same card as a live preview (`preview`: no links, nothing to claim). The page puts its owner's
// Edit and Delete at its foot (`ownerActions`).
import clsx from 'clsx';
import { Clock, TicketPercent } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OFFER_COUNTDOWN_TICK_MS } from '../../../../shared/constants.ts';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import { formatOfferDiscount, getOfferState, priceLine } from '../../../../shared/domain/offers.ts';
import { formatPrice, rupeesToPaise } from '../../../../shared/domain/pricing.ts';
import { isDiscountInTitle } from '../../../../shared/domain/shown-price.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { useNow, useNowAt } from '../../../hooks/use-now.ts';
import { ProductThumbnail } from './product-thumbnail.tsx';
import { formatOfferDate, formatTimeLeft } from '../offer-time.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { toProductOffer, type ClaimState } from '../product-offer.ts';

export type OfferProduct = Offer['featuredProducts'][number];

export function OfferCard({
  offer,
  now,
  preview = false,
  ownerActions,
}: {
  offer: Offer;
  /**
   * A fixed time to show the card at (the seller's preview, whose draft follows its own clock). Without it the card
   * renders again only as the offer starts or ends, and only its validity line ticks (decision 0037).
   */
  now?: number;
  /** The seller's live preview: the same card, without links or Claim. */
  preview?: boolean;
  /** The owner's Edit and Delete (OfferOwnerActions, which shows nothing to anyone else). */
  ownerActions?: ReactNode;
}) {
  const changedAt = useNowAt(Date.parse(offer.startDate), Date.parse(offer.endDate));
  const state = getOfferState(offer, now ?? changedAt);
  const claimable = state === 'active' && !preview;
  const titleId = `offer-${offer.id || 'preview'}-title`;
  const discountInTitle = isDiscountInTitle(offer);
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-4 rounded-3xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <header className="flex items-start gap-3">
        <span className="brand-gradient inline-flex size-12 shrink-0 items-center justify-center rounded-2xl text-white">
          <TicketPercent aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          {/* A title that says the discount ('20% off ethnic wear') is not repeated under it (decision 0052). */}
          {discountInTitle ? null : (
            <p className="text-lg leading-tight font-extrabold text-brand">{formatOfferDiscount(offer)}</p>
          )}
          <h2
            id={titleId}
            className={clsx(
              'break-words text-ink',
              discountInTitle ? 'text-lg leading-tight font-extrabold' : 'mt-0.5 font-bold',
            )}
          >
            {offer.title || 'Untitled offer'}
          </h2>
          {offer.creatorUsername ? (
            <p className="mt-1 flex items-center gap-1.5 text-xs text-ink-subtle">
              <Avatar name={offer.creatorUsername} src={offer.creatorAvatar} className="size-5 text-[10px]" />
              <span className="truncate">@{offer.creatorUsername}</span>
            </p>
          ) : null}
        </div>
      </header>

      <OfferValidity offer={offer} now={now} />

      {offer.description ? (
        <p className="text-sm break-words whitespace-pre-line text-ink-muted">{offer.description}</p>
      ) : null}

      {offer.minPurchase > 0 || offer.maxDiscount ? (
        <ul className="flex flex-wrap gap-2 text-xs font-medium">
          {offer.minPurchase > 0 ? (
            <li className="rounded-full bg-surface-muted px-2.5 py-1 text-ink">
              {OFFER_MESSAGES.minPurchase(formatPrice(rupeesToPaise(offer.minPurchase)))}
            </li>
          ) : null}
          {offer.maxDiscount ? (
            <li className="rounded-full bg-surface-muted px-2.5 py-1 text-ink">
              {OFFER_MESSAGES.maxDiscount(formatPrice(rupeesToPaise(offer.maxDiscount)))}
            </li>
          ) : null}
        </ul>
      ) : null}

      {offer.terms.length > 0 ? (
        <details className="group text-sm">
          <summary className="cursor-pointer font-semibold text-ink">Terms</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 break-words text-ink-muted">
            {offer.terms.map((term, index) => (
              <li key={index}>{term}</li>
            ))}
          </ul>
        </details>
      ) : null}

      {offer.featuredProducts.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-line border-t border-line"
          aria-label="Products in this offer"
        >
          {offer.featuredProducts.map((product) => (
            <OfferProductRow
              key={product.id}
              offer={offer}
              product={product}
              running={state === 'active' || preview}
              claimable={claimable}
              preview={preview}
            />
          ))}
        </ul>
      ) : null}

      {preview ? null : ownerActions}
    </article>
  );
}

/**
 * Until when the offer runs, with the time left; or that it has ended or not yet started. The one part of the card
 * that follows the ticking clock.
 */
function OfferValidity({ offer, now: fixedNow }: { offer: Offer; now: number | undefined }) {
  const ticking = useNow(OFFER_COUNTDOWN_TICK_MS);
  const now = fixedNow ?? ticking;
  const state = getOfferState(offer, now);
  const until = formatOfferDate(offer.endDate, useTimeZone());
  if (state === 'expired') {
    return (
      <p role="status" className="rounded-xl bg-surface-muted px-3 py-2 text-sm font-semibold text-ink-muted">
        {OFFER_MESSAGES.ended}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-soft px-2.5 py-1 font-semibold text-brand tabular-nums">
        <Clock aria-hidden="true" className="size-4" />
        {state === 'upcoming' ? OFFER_MESSAGES.upcoming : formatTimeLeft(offer.endDate, now)}
      </span>
      {until ? <span className="text-ink-subtle">Valid until {until}</span> : null}
    </p>
  );
}

function OfferProductRow({
  offer,
  product,
  running,
  claimable,
  preview,
}: {
  offer: Offer;
  product: OfferProduct;
  /** Whether the offer's price shows: it is running, or this is the seller's preview. */
  running: boolean;
  claimable: boolean;
  preview: boolean;
}) {
  // The price engine's line of one (docs/product.md "Price calculation"): the same function gives the server's
  // finalPrice, and here it also follows a preview's values as the seller types. An offer that is not running
  // prices nothing, so the product's own price shows then.
  const line = priceLine(product, running ? offer : null);
  const final = line.unit.finalPrice;
  const original = line.unit.originalPrice;
  const claimState: ClaimState = { offer: toProductOffer(offer) };
  return (
    <li className="flex items-center gap-3 py-3">
      <ProductThumbnail product={product} />
      <div className="min-w-0 flex-1">
        {preview ? (
          <p className="line-clamp-2 text-sm font-semibold text-ink">{product.name}</p>
        ) : (
          <Link
            to={paths.product.getHref(product.id)}
            className="line-clamp-2 text-sm font-semibold text-ink hover:underline"
          >
            {product.name}
          </Link>
        )}
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-bold text-ink">{formatPrice(final)}</span>
          {final < original ? (
            <span className="text-xs text-ink-subtle line-through">{formatPrice(original)}</span>
          ) : null}
        </p>
        {line.shortBy > 0 ? (
          <p className="text-xs text-ink-subtle">{OFFER_MESSAGES.addMore(formatPrice(line.shortBy))}</p>
        ) : null}
      </div>
      {claimable ? (
        <Link
          to={paths.product.getHref(product.id)}
          state={claimState}
          aria-label={`${OFFER_MESSAGES.claim} ${product.name}`}
          className={getButtonClass({ size: 'sm' })}
        >
          {OFFER_MESSAGES.claim}
        </Link>
      ) : null}
    </li>
  );
}

export function OfferCardSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4 rounded-3xl border border-line bg-surface p-5">
      <div className="flex gap-3">
        <div className="size-12 animate-pulse rounded-2xl bg-surface-muted" />
        <div className="flex-1 space-y-2">
          <div className="h-5 w-1/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-4 w-2/3 animate-pulse rounded bg-surface-muted" />
        </div>
      </div>
      <div className="h-7 w-40 animate-pulse rounded-full bg-surface-muted" />
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-3">
          <div className="size-14 animate-pulse rounded-xl bg-surface-muted" />
          <div className="h-4 flex-1 animate-pulse rounded bg-surface-muted" />
        </div>
      ))}
    </div>
  );
}
