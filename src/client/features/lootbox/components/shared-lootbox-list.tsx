// The shared Loot Box's products (docs/product.md "Shared Loot Box", "Shown price"): each at today's price (its own
// discount, and the offer the link says was claimed for it while that runs; else its best offer running is shown
// beside, to claim), the total value of one of each, and 'Add all to my Loot Box'.
// The photo and the contact button come from the route (they are the products feature's), by render props. On a
// phone the total and 'Add all' come first, so a long list never hides them; from lg they sit beside the list.
import { BadgePercent, LoaderCircle, PackagePlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { formatPrice, sumLines } from '../../../../shared/domain/pricing.ts';
import {
  calculateShownPriceWithClaim,
  formatBelowListBadge,
  formatOfferLabel,
  type ShownPrice,
} from '../../../../shared/domain/shown-price.ts';
import { LOOTBOX_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { useCart, type AddableProduct } from '../cart-context.ts';
import { useAddToLoot } from '../use-add-to-loot.ts';

type SharedPrice = ShownPrice<NonNullable<ProductDetail['activeOffer']>>;

/** What the cart needs of a product to show the line before the server prices it. */
export function toAddableProduct(product: ProductDetail): AddableProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    discount: product.discount,
    thumbnail: product.images[0]?.url ?? product.cover?.url ?? null,
  };
}

export function SharedLootboxList({
  products,
  claims,
  missingCount,
  renderImage,
  renderContact,
}: {
  products: readonly ProductDetail[];
  /** Product id to the offer the link says was claimed for it (share-links.ts parseSharedClaims). */
  claims: ReadonlyMap<string, string>;
  /** Ids of the link that name no product any more. */
  missingCount: number;
  renderImage: (product: ProductDetail) => ReactNode;
  renderContact: (product: ProductDetail) => ReactNode;
}) {
  const prices = products.map((product) => calculateShownPriceWithClaim(product, claims.get(product.id)));
  const total = sumLines(prices.map((shown) => shown.line));
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <section aria-label="Products" className="min-w-0">
        {missingCount > 0 ? (
          <p
            role="status"
            className="mb-3 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          >
            {LOOTBOX_MESSAGES.sharedMissing(missingCount)}
          </p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {products.map((product, index) => (
            <SharedLootboxItem
              key={product.id}
              product={product}
              shown={prices[index]!}
              image={renderImage(product)}
              contact={renderContact(product)}
            />
          ))}
        </ul>
      </section>
      <aside
        aria-label={LOOTBOX_MESSAGES.sharedTotal}
        className="order-first rounded-2xl border border-line bg-surface p-4 shadow-sm lg:sticky lg:top-24 lg:order-none"
      >
        <p className="flex items-baseline justify-between gap-3">
          <span className="font-semibold text-ink">{LOOTBOX_MESSAGES.sharedTotal}</span>
          <span className="text-2xl font-extrabold text-ink" data-testid="shared-total">
            {formatPrice(total)}
          </span>
        </p>
        <p className="mt-1 text-xs text-ink-subtle">{LOOTBOX_MESSAGES.sharedTotalNote}</p>
        <AddAllButton products={products} prices={prices} />
      </aside>
    </div>
  );
}

function SharedLootboxItem({
  product,
  shown,
  image,
  contact,
}: {
  product: ProductDetail;
  shown: SharedPrice;
  image: ReactNode;
  contact: ReactNode;
}) {
  const price = shown.line.unit;
  const badge = formatBelowListBadge(price);
  const toClaim = shown.offerToClaim?.line.offerApplies ? shown.offerToClaim : null;
  // The claimed offer (it prices the item), or the best one running, to claim (with its price beside).
  const offer = shown.claimedOffer ?? toClaim?.offer ?? null;
  return (
    <li
      aria-label={product.name}
      className="grid grid-cols-[5rem_minmax(0,1fr)] gap-3 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:grid-cols-[6rem_minmax(0,1fr)_auto] sm:items-center"
    >
      <Link
        to={paths.product.getHref(product.id)}
        tabIndex={-1}
        aria-hidden="true"
        className="aspect-square overflow-hidden rounded-xl bg-surface-muted"
      >
        {image}
      </Link>
      <div className="min-w-0">
        <Link
          to={paths.product.getHref(product.id)}
          className="line-clamp-2 font-semibold break-words text-ink hover:underline"
        >
          {product.name}
        </Link>
        <Link
          to={paths.shopstar.getHref(product.creatorUsername)}
          className="block truncate text-xs text-ink-subtle hover:underline"
        >
          @{product.creatorUsername}
        </Link>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <span className="font-bold text-ink">{formatPrice(price.finalPrice)}</span>
          {price.finalPrice < price.originalPrice ? (
            <span className="text-xs text-ink-subtle line-through">{formatPrice(price.originalPrice)}</span>
          ) : null}
          {badge ? <span className="text-xs font-bold text-deal-ink">{badge}</span> : null}
        </p>
        {offer ? (
          <p className="mt-1 inline-flex max-w-full items-center gap-1 rounded-2xl bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-ink">
            <BadgePercent aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="min-w-0 break-words">
              {formatOfferLabel(offer)}
              {toClaim
                ? ` · ${OFFER_MESSAGES.priceWithOffer(formatPrice(toClaim.line.unit.finalPrice))}`
                : null}
            </span>
          </p>
        ) : null}
      </div>
      <div className="col-span-2 sm:col-span-1">{contact}</div>
    </li>
  );
}

/**
 * 'Add all to my Loot Box': every product at once (useCart().addItems). Signed out, the cart sends the visitor to
 * sign in and adds them afterwards, so there is no toast then (docs/product.md "Who sees what").
 */
function AddAllButton({
  products,
  prices,
}: {
  products: readonly ProductDetail[];
  prices: readonly SharedPrice[];
}) {
  const cart = useCart();
  const { busy, run } = useAddToLoot();

  function onAddAll(): Promise<void> {
    const claimed = new Map(products.map((product, index) => [product.id, prices[index]?.claimedOffer]));
    return run(async () => {
      // Each with the offer the page priced it with, the one claimed (the server applies it only while it runs);
      // the count is the cart's own, once loaded.
      const added = await cart.addItems(products.map(toAddableProduct), (product) => ({
        offer: claimed.get(product.id) ?? null,
      }));
      return LOOTBOX_MESSAGES.addedAll(added);
    });
  }

  return (
    <button
      type="button"
      className={getButtonClass({ size: 'lg', className: 'mt-4 w-full' })}
      disabled={busy || products.length === 0}
      aria-busy={busy}
      onClick={() => void onAddAll()}
    >
      {busy ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <PackagePlus aria-hidden="true" className="size-5" />
      )}
      {LOOTBOX_MESSAGES.addAll}
    </button>
  );
}

/** The page's shape while the products load: a few rows and the total's card. */
export function SharedLootboxSkeleton() {
  const block = 'animate-pulse rounded-xl bg-surface-muted';
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex flex-col gap-3">
        {[0, 1, 2].map((row) => (
          <div
            key={row}
            className="grid grid-cols-[5rem_1fr] gap-3 rounded-2xl border border-line p-3 sm:grid-cols-[6rem_1fr]"
          >
            <div className={`aspect-square ${block}`} />
            <div className="space-y-2 py-1">
              <div className={`h-4 w-4/5 ${block}`} />
              <div className={`h-3 w-1/3 ${block}`} />
              <div className={`h-4 w-1/4 ${block}`} />
            </div>
          </div>
        ))}
      </div>
      <div className={`h-36 ${block}`} />
    </div>
  );
}
