// The products and offers a Loot Box is priced from, as they are now (docs/product.md "Loot Box"): one read for a
// whole lootbox, or a whole page of them, keyed by the product and the offer its item claims.
import { sql } from 'kysely';
import type { OfferDiscountType } from '../../../shared/domain/offers.ts';
import type { Paise } from '../../../shared/domain/pricing.ts';
import type { MediaVariant } from '../../db/tables/media-objects.ts';
import { toReader } from '../../../shared/domain/privacy.ts';
import { isActiveAt } from '../../db/active-at.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import type { StoredOfferTerms } from '../offers/offer-values.ts';

/** An offer active now that includes the product and that the item names. */
export interface AppliedOfferRecord extends StoredOfferTerms {
  offerId: string;
  title: string;
  startAt: Date;
  endAt: Date;
}

/** A product as it is now, with what a Loot Box line shows. */
export interface CurrentProductRecord {
  id: string;
  name: string;
  pricePaise: Paise;
  /** Percent. */
  discount: number;
  /** The first image's variants; null without images. */
  coverVariants: MediaVariant[] | null;
}

export interface ProductLookup {
  product: CurrentProductRecord | null;
  offer: AppliedOfferRecord | null;
}

/** findProducts' key of a product with the offer an item names. */
export function toLookupKey(productId: string, offerId: string | null): string {
  return offerId === null ? productId : `${productId}\u0000${offerId}`;
}

/** A product a lootbox names, with the offer its item claims. */
export interface WantedProduct {
  productId: string;
  offerId: string | null;
}

/** findProducts' row: the wanted pair, then the product and the offer when they are there (nulls otherwise). */
export interface ProductRow {
  product_id: string;
  wanted_offer_id: string | null;
  id: string | null;
  name: string | null;
  price: number | null;
  discount: string | number | null;
  cover_variants: MediaVariant[] | null;
  offer_id: string | null;
  offer_title: string | null;
  discount_type: OfferDiscountType | null;
  discount_value: number | null;
  min_purchase: number | null;
  max_discount: number | null;
  start_at: Date | string | null;
  end_at: Date | string | null;
}

/**
 * The products and offers wanted, as one SELECT; undefined when nothing is wanted. A product whose seller keeps it
 * from the lootbox's user (whoCanSeeMyContent, decision 0071) is, to them, no product: not added, shown unavailable.
 */
export function selectProducts(wanted: readonly WantedProduct[], at: Date, userId: string) {
  const distinct = new Map(wanted.map((want) => [toLookupKey(want.productId, want.offerId), want]));
  if (distinct.size === 0) return undefined;
  // Two array parameters rather than a VALUES list of two per product: a statement of the same text whatever the
  // Loot Box's size, cheaper to build and send.
  const productIds = [...distinct.values()].map((want) => want.productId);
  const offerIds = [...distinct.values()].map((want) => want.offerId);
  return sql<ProductRow>`select w.product_id, w.offer_id as wanted_offer_id, p.id, p.name, p.price, p.discount,
      (select m.variants from product_images pi join media_objects m on m.id = pi.media_id
        where pi.product_id = p.id order by pi.position limit 1) as cover_variants,
      o.id as offer_id, o.title as offer_title, o.discount_type, o.discount_value, o.min_purchase,
      o.max_discount, o.start_at, o.end_at
    from unnest(${productIds}::text[], ${offerIds}::text[]) as w (product_id, offer_id)
    left join products p on p.id = w.product_id and p.status = 'active'
      and exists (select 1 from users u where u.id = p.owner_id and ${authorContentVisibleTo(toReader(userId))})
    left join offer_products op on op.product_id = p.id and op.offer_id = w.offer_id
    left join offers o on o.id = op.offer_id and o.status = 'active' and ${isActiveAt('o', at)}`;
}

export function toLookups(rows: readonly ProductRow[]): Map<string, ProductLookup> {
  const found = new Map<string, ProductLookup>();
  for (const row of rows) {
    const product: CurrentProductRecord | null =
      row.id === null
        ? null
        : {
            id: row.id,
            name: row.name!,
            pricePaise: row.price! as Paise,
            discount: Number(row.discount),
            coverVariants: row.cover_variants,
          };
    const offer: AppliedOfferRecord | null =
      row.offer_id === null || product === null
        ? null
        : {
            offerId: row.offer_id,
            title: row.offer_title!,
            discountType: row.discount_type!,
            discountValue: row.discount_value!,
            minPurchasePaise: row.min_purchase! as Paise,
            maxDiscountPaise: row.max_discount === null ? null : (row.max_discount as Paise),
            startAt: new Date(row.start_at!),
            endAt: new Date(row.end_at!),
          };
    found.set(toLookupKey(row.product_id, row.wanted_offer_id), { product, offer });
  }
  return found;
}
