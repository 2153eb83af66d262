// The owner's Edit and Delete on their own offer's card (docs/product.md "Ownership"): nothing for anyone else, who
// the server would refuse anyway. The controls (offer-owner-controls.tsx, with Radix's confirm dialog) load only
// once the offer is known to be the reader's, so the Offers page and a creator's profile do not carry them for every
// shopper; a box of their size holds their place meanwhile.
import { Suspense } from 'react';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import { useAuth } from '../../../lib/auth.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';

const OwnerActions = lazyWithPreload(() =>
  import('./offer-owner-controls.tsx').then((module) => ({ default: module.OwnerActions })),
);

export function OfferOwnerActions({ offer }: { offer: Pick<Offer, 'id' | 'uid' | 'title'> }) {
  const { user } = useAuth();
  if (!user || user.uid !== offer.uid) return null;
  return (
    <Suspense
      fallback={
        <div aria-hidden="true" className="border-t border-line pt-3">
          <div className="h-9" />
        </div>
      }
    >
      <OwnerActions offer={offer} />
    </Suspense>
  );
}
