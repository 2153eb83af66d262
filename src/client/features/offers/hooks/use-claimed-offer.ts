// The offer claimed on a product page (docs/product.md "Offer on a product": states none, applied, removed,
// reapplied; after Remove, Reapply waits OFFER_REAPPLY_COOLDOWN_MS). Beyond the spec, a claim is held for the
// browser session (sessionStorage, per product id), so a reload keeps it, and keeps counting a cooldown down.
// The browser holds only which offer was claimed and in what state, never its terms (decision 0037): the terms
// applied are always the ones the server answers for the product now (ProductDetail.activeOffers), so a seller's
// edit shows on the next load and an offer that has ended or left the product no longer applies.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CLAIMED_OFFER_STORAGE_KEY_PREFIX, OFFER_REAPPLY_COOLDOWN_MS } from '../../../../shared/constants.ts';
import type { ProductDetail, ProductOffer } from '../../../../shared/contracts/products.ts';
import { useIsHydrating } from '../../../lib/render-environment.ts';

export type ClaimStatus = 'none' | 'applied' | 'removed' | 'reapplied';

type StoredClaim = {
  offerId: string;
  status: Exclude<ClaimStatus, 'none'>;
  /** When Remove was pressed (ms), while removed: the cooldown counts from here, across reloads. */
  removedAt: number | null;
};

const STORED_STATUSES: ReadonlySet<unknown> = new Set(['applied', 'removed', 'reapplied']);

/**
 * A stored claim as this page wrote it, or null for anything else in that slot. Checked by hand rather than with a
 * zod schema: the product page is a landing page, and this is all it would need zod for.
 */
export function toStoredClaim(value: unknown): StoredClaim | null {
  if (typeof value !== 'object' || value === null) return null;
  const { offerId, status, removedAt } = value as Record<string, unknown>;
  const validRemovedAt = removedAt === null || (typeof removedAt === 'number' && Number.isFinite(removedAt));
  return typeof offerId === 'string' && offerId.length > 0 && STORED_STATUSES.has(status) && validRemovedAt
    ? { offerId, status: status as StoredClaim['status'], removedAt: removedAt as number | null }
    : null;
}

const storageKey = (productId: string) => `${CLAIMED_OFFER_STORAGE_KEY_PREFIX}${productId}`;

function readStoredClaim(productId: string): StoredClaim | null {
  try {
    return toStoredClaim(JSON.parse(sessionStorage.getItem(storageKey(productId)) ?? 'null'));
  } catch {
    // Storage blocked or a record that is not JSON: as if nothing was claimed.
    return null;
  }
}

function writeStoredClaim(productId: string, claim: StoredClaim | null): void {
  try {
    if (claim) sessionStorage.setItem(storageKey(productId), JSON.stringify(claim));
    else sessionStorage.removeItem(storageKey(productId));
  } catch {
    // Storage blocked: the claim lasts as long as the page.
  }
}

/**
 * For the Loot Box: the id of the offer the shopper has claimed for this product in this browser session and not
 * removed, or null. Only an id: the Loot Box takes the offer's terms, and whether it still runs, from the server
 * (the product's activeOffers), never from the browser (docs/product.md "Offer on a product": adding the product
 * to the cart applies the current offer).
 */
export function readClaimedOfferId(productId: string): string | null {
  const claim = readStoredClaim(productId);
  return claim && claim.status !== 'removed' ? claim.offerId : null;
}

const COOLDOWN_SECONDS = Math.ceil(OFFER_REAPPLY_COOLDOWN_MS / 1000);

/** Whole seconds until Reapply is offered after Remove at `removedAt`, by the page's clock `now` (0 once it is). */
export function reapplyInSeconds(removedAt: number | null, now: number): number {
  if (removedAt === null) return 0;
  // The page's clock may be up to a tick behind the moment Remove was pressed: never more than the cooldown.
  return Math.min(
    COOLDOWN_SECONDS,
    Math.max(0, Math.ceil((removedAt + OFFER_REAPPLY_COOLDOWN_MS - now) / 1000)),
  );
}

/** The offer with this id among those the server says are active on the product now, with its current terms. */
export function findActiveOffer(
  product: Pick<ProductDetail, 'activeOffers'>,
  offerId: string,
): ProductOffer | null {
  // The answer is not parsed on the client: one from a server older than activeOffers has none; nothing applies.
  const activeOffers: readonly ProductOffer[] | undefined = product.activeOffers;
  return activeOffers?.find((active) => active.offerId === offerId) ?? null;
}

export interface ClaimedOffer {
  /** The claimed offer with the terms the server gives now, or null (nothing claimed, or it no longer applies). */
  offer: ProductOffer | null;
  status: ClaimStatus;
  /** While removed: when Remove was pressed, for reapplyInSeconds. */
  removedAt: number | null;
  /** A claim was held for an offer the product no longer has active: it has ended (or left the product). */
  ended: boolean;
  /** Applies the offer with this id (Claim Offer, or arriving from the Offers page) and holds it for the session. */
  claim: (offerId: string) => void;
  remove: () => void;
  /** Applies the removed offer again, once the cooldown is over. */
  reapply: () => void;
}

export function useClaimedOffer(product: Pick<ProductDetail, 'id' | 'activeOffers'>): ClaimedOffer {
  const productId = product.id;
  // The claim is this browser's: a server render (decision 0080) and its hydration show none, and the page reads
  // it once it has run.
  const hydrating = useIsHydrating();
  const [shown, setShown] = useState(() => ({
    productId,
    claim: hydrating ? null : readStoredClaim(productId),
  }));
  const readAfterHydration = useRef(hydrating);
  useEffect(() => {
    if (readAfterHydration.current) setShown({ productId, claim: readStoredClaim(productId) });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // Another product in the same page component (a link from "More from this creator"): its own claim.
  if (shown.productId !== productId) setShown({ productId, claim: readStoredClaim(productId) });
  const held = shown.productId === productId ? shown.claim : null;
  const offer = held ? findActiveOffer(product, held.offerId) : null;
  const ended = held !== null && offer === null;

  // A claim on an offer the server no longer lists for the product is said once, here, then forgotten.
  useEffect(() => {
    if (ended) writeStoredClaim(productId, null);
  }, [ended, productId]);

  const hold = useCallback(
    (claim: StoredClaim) => {
      writeStoredClaim(productId, claim);
      setShown({ productId, claim });
    },
    [productId],
  );
  const claim = useCallback(
    (offerId: string) => hold({ offerId, status: 'applied', removedAt: null }),
    [hold],
  );
  const remove = useCallback(() => {
    if (held && offer) hold({ offerId: held.offerId, status: 'removed', removedAt: Date.now() });
  }, [hold, held, offer]);
  const reapply = useCallback(() => {
    if (held?.status === 'removed' && offer && reapplyInSeconds(held.removedAt, Date.now()) === 0) {
      hold({ offerId: held.offerId, status: 'reapplied', removedAt: null });
    }
  }, [hold, held, offer]);

  return {
    offer,
    status: offer && held ? held.status : 'none',
    removedAt: offer && held ? held.removedAt : null,
    ended,
    claim,
    remove,
    reapply,
  };
}
