// The featured product over a klip (docs/product.md "Klips", "Klip interaction", "Add to Loot Box from a
// klip", "Displayed price when not supplied", "Shown price"): its photo, name and price in whole rupees
// (after its own discount, with the best offer running on it beside, as product cards show it), a link to its
// page, and Add to Loot (one of it, marked as added from a klip). A failed fetch is tried again up to 3
// times, after 1, 2 and 4 s, then says 'Unable to load product'. A klip without a product shows no card; in
// preview, adding explains that the klip is not published.
import { useQuery } from '@tanstack/react-query';
import { ImageOff, LoaderCircle, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADD_TO_LOOT_MESSAGES } from '../../../../shared/add-to-loot-messages.ts';
import { PRODUCT_FETCH_RETRY_DELAYS_MS } from '../../../../shared/constants.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import type { ProductDetail, ProductDetailResponse } from '../../../../shared/contracts/products.ts';
import { formatWholeRupees, toWholeRupees } from '../../../../shared/domain/pricing.ts';
import { calculateShownPrice } from '../../../../shared/domain/shown-price.ts';
import { KLIPS_MESSAGES } from '../../../../shared/klip-messages.ts';
import { KLIP_SOCIAL_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { CART_MESSAGES } from '../../../../shared/shell-messages.ts';
import { paths } from '../../../config/paths.ts';
import { trackEvent } from '../../../lib/analytics.ts';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useKlipLootBox } from '../klip-lootbox.ts';
import { toast } from '../../../lib/toast.ts';

export type KlipProductCardProps = {
  klip: Klip;
  /** A klip not yet published: adding says KLIPS_MESSAGES.previewAddToLoot. */
  preview?: boolean;
};

export const klipProductKey = (productId: string) => ['klips', 'product', productId] as const;

/**
 * The product, tried again after 1, 2 and 4 s (docs/product.md "Klip interaction") on any failure but its absence:
 * a product deleted since the klip was loaded is not coming back (docs/product.md "Products, klips, offers").
 */
export function useKlipProduct(productId: string | null) {
  return useQuery({
    queryKey: klipProductKey(productId ?? ''),
    enabled: Boolean(productId),
    queryFn: async ({ signal }) =>
      (
        await api.get<ProductDetailResponse>(`/products/${encodeURIComponent(productId ?? '')}`, {
          signal,
        })
      ).product,
    retry: (failures, error) => !isDeleted(error) && failures < PRODUCT_FETCH_RETRY_DELAYS_MS.length,
    retryDelay: (failures) =>
      PRODUCT_FETCH_RETRY_DELAYS_MS[failures] ?? PRODUCT_FETCH_RETRY_DELAYS_MS.at(-1)!,
  });
}

const isDeleted = (error: unknown) => error instanceof ApiError && error.status === 404;

export function KlipProductCard({ klip, preview = false }: KlipProductCardProps) {
  const query = useKlipProduct(klip.productId);
  // docs/product.md "Add to Loot Box from a klip": a klip without a product has no card; nor has one whose
  // product was deleted after the klip was loaded ("Products, klips, offers").
  if (!klip.productId || isDeleted(query.error)) return null;
  return (
    <div
      data-testid="klip-product-card"
      className="@container flex w-full max-w-sm items-center gap-3 rounded-2xl bg-black/55 p-2 pr-2.5 text-white shadow-lg ring-1 ring-white/15 backdrop-blur-md"
    >
      {query.isPending ? (
        <ProductSkeleton />
      ) : query.isError || !query.data ? (
        <p role="alert" className="flex min-h-12 flex-1 items-center gap-2 px-1 text-sm text-white/85">
          <ImageOff aria-hidden="true" className="size-5 shrink-0" />
          {KLIPS_MESSAGES.productLoadFailed}
        </p>
      ) : (
        <LoadedProduct klip={klip} product={query.data} preview={preview} />
      )}
    </div>
  );
}

function LoadedProduct({ klip, product, preview }: { klip: Klip; product: ProductDetail; preview: boolean }) {
  const lootBox = useKlipLootBox();
  const [busy, setBusy] = useState(false);
  // docs/product.md "Shown price", as product cards show it: the product's own price, and the best offer running
  // on it beside, with its price; Add to Loot claims that offer (the item is added with it).
  const shown = calculateShownPrice(product, product.activeOffer, false);
  const offer = shown.offerToClaim?.line.offerApplies ? shown.offerToClaim.offer : null;
  const offerPrice = offer ? shown.offerToClaim?.line.unit : undefined;
  const price = shown.line.unit;
  const thumbnail = product.cover?.url ?? product.files[0]?.url ?? null;

  // docs/product.md "Analytics": the klip funnel's tap on its product card; later views, adds and contacts of this
  // product in the session are credited to the klip.
  const onTap = () => {
    if (!preview) trackEvent({ type: 'klip_product_tap', klip_id: klip.id, product_id: product.id });
  };

  async function onAdd(): Promise<void> {
    onTap();
    if (preview) {
      toast(KLIPS_MESSAGES.previewAddToLoot);
      return;
    }
    if (!klip.productId) {
      toast.error(KLIPS_MESSAGES.needsProduct);
      return;
    }
    if (!lootBox) {
      console.warn('KlipProductCard is shown without KlipLootBoxSlot around it');
      toast.error(ADD_TO_LOOT_MESSAGES.addFailedShort);
      return;
    }
    setBusy(true);
    try {
      const { id, name, price: original, discount } = product;
      const result = await lootBox.add({ id, name, price: original, discount, thumbnail }, offer);
      if (result === 'added') toast.success(CART_MESSAGES.addedFromKlip);
    } catch (error) {
      toast.error(
        error instanceof Error && error.message ? error.message : ADD_TO_LOOT_MESSAGES.addFailedShort,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Link
        to={paths.product.getHref(product.id)}
        onClick={onTap}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        {thumbnail ? (
          <img src={thumbnail} alt="" className="size-12 shrink-0 rounded-xl bg-white/10 object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-12 shrink-0 place-items-center rounded-xl bg-white/10"
          >
            <ShoppingBag className="size-5" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span
            data-testid="klip-product-name"
            className="line-clamp-2 text-[13px] leading-tight font-semibold"
          >
            {product.name}
          </span>
          <span className="flex flex-wrap items-baseline gap-x-1.5">
            <span className="text-base font-bold" data-testid="klip-product-price">
              {formatWholeRupees(price.finalPrice)}
            </span>
            {toWholeRupees(price.finalPrice) < toWholeRupees(price.originalPrice) ? (
              <span className="text-xs text-white/70 line-through">
                {formatWholeRupees(price.originalPrice)}
              </span>
            ) : null}
          </span>
          {offerPrice ? (
            <span className="block text-xs font-semibold text-white/90">
              {OFFER_MESSAGES.priceWithOffer(formatWholeRupees(offerPrice.finalPrice))}
            </span>
          ) : null}
        </span>
      </Link>
      <button
        type="button"
        onClick={() => void onAdd()}
        disabled={busy}
        aria-busy={busy}
        aria-label={KLIP_SOCIAL_MESSAGES.addToLootFor(product.name)}
        title={ADD_TO_LOOT_MESSAGES.addToLoot}
        className="brand-gradient inline-flex size-10 shrink-0 items-center justify-center gap-1.5 rounded-full text-[13px] font-semibold text-white shadow-sm hover:brightness-105 active:brightness-95 disabled:opacity-60 @[18rem]:w-auto @[18rem]:px-3"
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <ShoppingBag aria-hidden="true" className="size-4" />
        )}
        {/* A narrow card (beside the action column: the theater, a phone) shows the bag alone, so that the
            product's name has room for two lines of words rather than one cut word ('5G Smartpho…'). */}
        <span className="hidden @[18rem]:inline">{ADD_TO_LOOT_MESSAGES.addToLoot}</span>
      </button>
    </>
  );
}

function ProductSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-1 items-center gap-3">
      <div className="size-12 shrink-0 animate-pulse rounded-xl bg-white/15" />
      <div className="flex-1 space-y-2">
        <div className="h-3 w-3/4 animate-pulse rounded bg-white/15" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-white/15" />
      </div>
      <div className="h-10 w-24 animate-pulse rounded-full bg-white/15" />
    </div>
  );
}
