// A creator's offers active now, on their profile (decision 0053): their first page of offer cards under an
// `Offers` heading, and the next on asking (as their klips), with the owner's Edit and Delete on their own. A
// creator with none (or a list that failed to load: the offers only add to the page) shows no section at all.
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { useOfferList } from '../api/offers.ts';
import { OfferCard } from './offer-card.tsx';
import { OfferOwnerActions } from './offer-owner-actions.tsx';

export function CreatorOffers({ uid }: { uid: string }) {
  const query = useOfferList('', { userId: uid });
  const offers = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="creator-offers-title">
      <h2 id="creator-offers-title" className="mt-10 mb-4 text-xl font-extrabold tracking-tight text-ink">
        {OFFER_MESSAGES.creatorOffersHeading}
      </h2>
      <div className="grid items-start gap-4 md:grid-cols-2 md:gap-5">
        {offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} ownerActions={<OfferOwnerActions offer={offer} />} />
        ))}
      </div>
      {query.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className={getButtonClass({ variant: 'secondary', size: 'sm' })}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {OFFER_MESSAGES.showMoreOffers}
          </button>
        </div>
      ) : null}
    </section>
  );
}
