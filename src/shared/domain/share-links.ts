// The shared Loot Box link (docs/product.md "Share link"): origin + /shared-lootbox?products={ids} with the tracking
// parameters of contact.ts's addTrackingParams (utm_source and ref `lootklip`, utm_medium `lootbox_share`), and
// utm_content the item count. Its own file rather than contact.ts: contact.ts is about a seller's contact entries;
// this is the Loot Box's link, built by the dialog and read by the shared page and the server.
import {
  KLIP_SHARE_TRACKING_CAMPAIGN,
  type KLIP_SHARE_TARGETS,
  LOOTBOX_SHARE_TRACKING_CAMPAIGN,
  SHARED_LOOTBOX_ID_PATTERN,
  SHARED_LOOTBOX_IDS_MAX,
  SHARED_LOOTBOX_PATH,
  TRACKING_MEDIUMS,
} from '../constants.ts';
import { addTrackingParams } from './contact.ts';

/**
 * The link for these product ids (duplicates once), on this origin, with the offers claimed for them
 * (docs/product.md "Shown price": `offers` holds `{productId}:{offerId}` entries, for the items only). The commas
 * are sent encoded (%2C).
 */
export function buildLootboxShareLink(
  origin: string,
  productIds: readonly string[],
  claimedOffers: ReadonlyMap<string, string> = new Map(),
): string {
  const ids = [...new Set(productIds)];
  const url = new URL(SHARED_LOOTBOX_PATH, origin);
  url.searchParams.set('products', ids.join(','));
  const offers = formatSharedClaims(ids, claimedOffers);
  if (offers) url.searchParams.set('offers', offers);
  return addTrackingParams(url.href, {
    medium: TRACKING_MEDIUMS.share,
    campaign: LOOTBOX_SHARE_TRACKING_CAMPAIGN,
    content: String(ids.length),
  });
}

/**
 * The `offers` value of a shared link for these ids (docs/product.md "Shown price"): `{productId}:{offerId}`
 * entries, comma-separated, in the ids' order, for the ids with a claim only; '' when none has one.
 */
export function formatSharedClaims(
  ids: readonly string[],
  claimedOffers: ReadonlyMap<string, string>,
): string {
  return ids
    .flatMap((id) => {
      const offerId = claimedOffers.get(id);
      return offerId ? [`${id}:${offerId}`] : [];
    })
    .join(',');
}

/**
 * The `offers` value of a shared link: product id to the offer claimed for it. An entry that is not two ids is
 * left out (that item is shown unclaimed: a claim is never invented), as is a second entry for one product.
 */
export function parseSharedClaims(offers: string | null | undefined): Map<string, string> {
  const claims = new Map<string, string>();
  for (const entry of (offers ?? '').split(',')) {
    const [productId = '', offerId = '', ...rest] = entry.trim().split(':');
    if (rest.length > 0 || claims.has(productId)) continue;
    if (SHARED_LOOTBOX_ID_PATTERN.test(productId) && SHARED_LOOTBOX_ID_PATTERN.test(offerId)) {
      claims.set(productId, offerId);
    }
  }
  return claims;
}

export interface SharedIds {
  /** Valid ids, trimmed, each once, in the link's order; at most SHARED_LOOTBOX_IDS_MAX. */
  ids: string[];
  /** Entries that are not a product id (SHARED_LOOTBOX_ID_PATTERN), counted once each. */
  invalidCount: number;
  /** The link held more than SHARED_LOOTBOX_IDS_MAX valid ids (the page says so; the API answers 400). */
  tooMany: boolean;
}

/** The `products` value of a shared link: comma-separated, trimmed, empty entries dropped, duplicates once. */
export function parseSharedIds(products: string | null | undefined): SharedIds {
  const entries = [
    ...new Set(
      (products ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ];
  const valid = entries.filter((entry) => SHARED_LOOTBOX_ID_PATTERN.test(entry));
  return {
    ids: valid.slice(0, SHARED_LOOTBOX_IDS_MAX),
    invalidCount: entries.length - valid.length,
    tooMany: valid.length > SHARED_LOOTBOX_IDS_MAX,
  };
}

export type KlipShareTarget = (typeof KLIP_SHARE_TARGETS)[number];

/**
 * A klip's share link (docs/product.md "Klips", "Share link"): origin + /klips/{id} (which opens that klip) with
 * the tracking parameters of addTrackingParams, utm_medium klip_share, and utm_content the place it was shared to.
 */
export function buildKlipShareLink(origin: string, klipId: string, target: KlipShareTarget): string {
  const url = new URL(`/klips/${encodeURIComponent(klipId)}`, origin);
  return addTrackingParams(url.href, {
    medium: TRACKING_MEDIUMS.klipShare,
    campaign: KLIP_SHARE_TRACKING_CAMPAIGN,
    content: target,
  });
}

/** The share intents of docs/product.md "Klips" (WhatsApp, X, Facebook), each with the klip's tracked link. */
export function buildKlipShareIntent(
  target: Exclude<KlipShareTarget, 'copy_link' | 'native'>,
  { origin, klipId, title }: { origin: string; klipId: string; title: string },
): string {
  const link = buildKlipShareLink(origin, klipId, target);
  const text = title.trim();
  switch (target) {
    case 'whatsapp': {
      const url = new URL('https://wa.me/');
      url.searchParams.set('text', text ? `${text} ${link}` : link);
      return url.href;
    }
    case 'x': {
      const url = new URL('https://x.com/intent/post');
      url.searchParams.set('url', link);
      if (text) url.searchParams.set('text', text);
      return url.href;
    }
    case 'facebook': {
      const url = new URL('https://www.facebook.com/sharer/sharer.php');
      url.searchParams.set('u', link);
      return url.href;
    }
  }
}
