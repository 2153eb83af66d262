// The offer claimed on a product page (docs/product.md "Offer on a product": states none, applied, removed,
// reapplied; after Remove, Reapply waits OFFER_REAPPLY_COOLDOWN_MS). Beyond the spec, a claim is held for the
// browser session (sessionStorage, per product id), so a reload keeps it; removing it clears it. The Loot Box reads
// the same record with readClaimedOffer.
import { useCallback, useEffect, useState } from 'react';
import { CLAIMED_OFFER_STORAGE_KEY_PREFIX, OFFER_REAPPLY_COOLDOWN_MS } from '../../../../shared/constants.ts';
import { ProductOfferSchema, type ProductOffer } from '../../../../shared/contracts/products.ts';
import { getOfferState } from '../../../../shared/domain/offers.ts';

export type ClaimStatus = 'none' | 'applied' | 'removed' | 'reapplied';

interface StoredClaim {
  offer: ProductOffer;
  status: 'applied' | 'reapplied';
}

const storageKey = (productId: string) => `${CLAIMED_OFFER_STORAGE_KEY_PREFIX}${productId}`;

function readStoredClaim(productId: string): StoredClaim | null {
  try {
    const raw = JSON.parse(
      sessionStorage.getItem(storageKey(productId)) ?? 'null',
    ) as Partial<StoredClaim> | null;
    const offer = ProductOfferSchema.safeParse(raw?.offer);
    if (!offer.success) return null;
    return { offer: offer.data, status: raw?.status === 'reapplied' ? 'reapplied' : 'applied' };
  } catch {
    // Storage blocked or a record that does not parse: as if nothing was claimed.
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
 * The offer the shopper has claimed for this product in this browser session and that applies now (running:
 * start <= now < end), or null. For the Loot Box: an item added from the product page carries this offer
 * (docs/product.md "Offer on a product": adding the product to the cart applies the current offer).
 */
export function readClaimedOffer(productId: string, now: number = Date.now()): ProductOffer | null {
  const claim = readStoredClaim(productId);
  return claim && getOfferState(claim.offer, now) === 'active' ? claim.offer : null;
}

export interface ClaimedOffer {
  /** The offer claimed (still known while removed, for Reapply), or null in state none. */
  offer: ProductOffer | null;
  status: ClaimStatus;
  /** While removed: seconds until Reapply is offered (0 once it is). */
  reapplyInSeconds: number;
  /** Applies an offer (Claim, or arriving from the Offers page) and holds it for the session. */
  claim: (offer: ProductOffer) => void;
  remove: () => void;
  reapply: () => void;
}

const COOLDOWN_SECONDS = Math.ceil(OFFER_REAPPLY_COOLDOWN_MS / 1000);

export function useClaimedOffer(productId: string): ClaimedOffer {
  const [shown, setShown] = useState(() => ({ productId, claim: readStoredClaim(productId) }));
  const [removed, setRemoved] = useState<{ offer: ProductOffer; secondsLeft: number } | null>(null);
  // Another product in the same page component (a link from "More from this creator"): its own claim.
  if (shown.productId !== productId) {
    setShown({ productId, claim: readStoredClaim(productId) });
    setRemoved(null);
  }

  const counting = removed !== null && removed.secondsLeft > 0;
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setInterval(
      () =>
        setRemoved((current) => current && { ...current, secondsLeft: Math.max(0, current.secondsLeft - 1) }),
      1000,
    );
    return () => clearInterval(timer);
  }, [counting]);

  const apply = useCallback(
    (offer: ProductOffer, status: StoredClaim['status']) => {
      const claim = { offer, status };
      writeStoredClaim(productId, claim);
      setShown({ productId, claim });
      setRemoved(null);
    },
    [productId],
  );
  const claim = useCallback((offer: ProductOffer) => apply(offer, 'applied'), [apply]);
  const remove = useCallback(() => {
    const offer = shown.claim?.offer;
    if (!offer) return;
    writeStoredClaim(productId, null);
    setShown({ productId, claim: null });
    setRemoved({ offer, secondsLeft: COOLDOWN_SECONDS });
  }, [productId, shown.claim]);
  const reapply = useCallback(() => {
    if (removed && removed.secondsLeft === 0) apply(removed.offer, 'reapplied');
  }, [apply, removed]);

  if (removed) {
    return {
      offer: removed.offer,
      status: 'removed',
      reapplyInSeconds: removed.secondsLeft,
      claim,
      remove,
      reapply,
    };
  }
  return {
    offer: shown.claim?.offer ?? null,
    status: shown.claim?.status ?? 'none',
    reapplyInSeconds: 0,
    claim,
    remove,
    reapply,
  };
}
