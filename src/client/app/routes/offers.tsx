// Offers (docs/product.md "Offers page", "Listings", "Search"): offers active now with a live
// countdown each, searched on the server and, while the debounced request runs, in what is loaded; 12 at a time as
// the shopper scrolls. Claim on a product opens it with the offer (docs/product.md "Offer on a product"). A seller's
// own offers carry Edit and Delete (docs/product.md "Ownership").
import { TicketPercent } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants.ts';
import { OFFER_MESSAGES } from '../../../shared/offer-messages.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ListErrorState } from '../../components/ui/list-error-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { GatedContentCard } from '../../features/auth/components/gated-content-card.tsx';
import { useOfferList } from '../../features/offers/api/offers.ts';
import { OfferCard, OfferCardSkeleton } from '../../features/offers/components/offer-card.tsx';
import { OfferOwnerActions } from '../../features/offers/components/offer-owner-actions.tsx';
import { filterLoadedOffers } from '../../features/offers/offer-filters.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useInfiniteScroll } from '../../hooks/use-infinite-scroll.ts';
import { ApiError, getErrorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';

const SKELETONS = 4;

export function Component() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS).trim();
  const query = useOfferList(search);

  const loaded = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Until the server has answered the text in the box, what is loaded is searched here.
  const answered = searchText.trim() === search && !query.isPlaceholderData;
  const items = filterLoadedOffers(loaded, answered ? '' : searchText);

  // docs/product.md "Who sees what": where listings are for signed-in shoppers, a visitor is asked to sign in.
  const signInNeeded = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (query.isError && !signInNeeded) toast.error(getErrorMessage(query.error));
  }, [query.isError, query.error, signInNeeded]);

  const sentinel = useInfiniteScroll({
    // docs/product.md "Listings": not while there is search text (typed, or answered).
    enabled: query.hasNextPage && !query.isFetchingNextPage && !searchText.trim() && !search,
    onReach: () => void query.fetchNextPage(),
  });

  const header = (
    <PageHeader
      title="Offers"
      subtitle="Special offers from Shop Stars. Claim one and it applies to the product."
    />
  );
  if (signInNeeded) {
    return (
      <>
        {header}
        <GatedContentCard area="Offers" />
      </>
    );
  }
  return (
    <>
      {header}
      <SearchField
        label="Search offers"
        placeholder="Search offers..."
        value={searchText}
        onChange={setSearchText}
        className="mb-5 sm:max-w-xl"
      />
      {query.isError && !query.data ? (
        <ListErrorState
          icon={TicketPercent}
          title={OFFER_MESSAGES.offersFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <OfferGrid>
          {Array.from({ length: SKELETONS }, (_, index) => (
            <OfferCardSkeleton key={index} />
          ))}
        </OfferGrid>
      ) : items.length === 0 ? (
        <EmptyState icon={TicketPercent} title={OFFER_MESSAGES.offersEmpty} />
      ) : (
        <OfferGrid>
          {items.map((offer) => (
            <OfferCard key={offer.id} offer={offer} ownerActions={<OfferOwnerActions offer={offer} />} />
          ))}
          {query.isFetchingNextPage ? <OfferCardSkeleton /> : null}
        </OfferGrid>
      )}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
    </>
  );
}

function OfferGrid({ children }: { children: ReactNode }) {
  return <div className="grid items-start gap-4 md:grid-cols-2 md:gap-5">{children}</div>;
}
