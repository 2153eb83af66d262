// A Loot Box line's discount badges, one component for the dropdown and the dialog so that the two always agree
// (docs/product.md "Loot Box dropdown and dialog", "Shown price"): how far the line's price is below its list price
// (the one badge rule, formatBelowListBadge), and the offer it was added with while that takes something off, by
// its label (which never repeats the discount).
import { BadgePercent } from 'lucide-react';
import type { ProductOffer } from '../../../../shared/contracts/products.ts';
import type { OfferLinePrice } from '../../../../shared/domain/offers.ts';
import { formatBelowListBadge, formatOfferLabel } from '../../../../shared/domain/shown-price.ts';

export function DiscountBadges({ offer, line }: { offer: ProductOffer | null; line: OfferLinePrice }) {
  const badge = formatBelowListBadge(line.unit);
  return (
    <>
      {badge ? (
        <span
          data-testid="discount-badge"
          className="rounded-full bg-deal px-2 py-0.5 text-xs font-bold whitespace-nowrap text-white"
        >
          {badge}
        </span>
      ) : null}
      {offer && line.offerApplies ? (
        <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand/30 px-2 py-0.5 text-xs font-semibold text-brand-ink">
          <BadgePercent aria-hidden="true" className="size-3 shrink-0" />
          <span className="min-w-0 truncate">{formatOfferLabel(offer)}</span>
        </span>
      ) : null}
    </>
  );
}
