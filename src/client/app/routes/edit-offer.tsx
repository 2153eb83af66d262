// Edit Offer (docs/product.md "Route table", behind the login guard): the offer form, filled in, for the offer's
// owner only, as Edit Product does. Hiding the form is for clarity; the server refuses anyone else's changes too.
import { ShieldAlert, TicketX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { OFFER_MESSAGES } from '../../../shared/offer-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useOffer } from '../../features/offers/api/offer.ts';
import { OfferForm } from '../../features/offers/components/offer-form.tsx';
import { ApiError, getErrorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';

export function Component() {
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Edit Offer" />
      <EditOffer />
    </div>
  );
}

function BackToDashboard() {
  return (
    <Link to={paths.dashboard.getHref()} className={getButtonClass({ size: 'sm', className: 'mt-3' })}>
      Back to Dashboard
    </Link>
  );
}

/** Not found (404), not the seller's (403), or a failure with its own text, on the page and as a toast. */
function OfferLoadError({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : undefined;
  const failed = status !== 404 && status !== 403;
  useEffect(() => {
    if (failed) toast.error(getErrorMessage(error));
  }, [failed, error]);
  if (status === 403) {
    return (
      <EmptyState icon={ShieldAlert} title={OFFER_MESSAGES.notYourOffer}>
        <BackToDashboard />
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={TicketX} title={failed ? getErrorMessage(error) : OFFER_MESSAGES.offerNotFound}>
      <BackToDashboard />
    </EmptyState>
  );
}

function EditOffer() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useOffer(id);
  if (query.isPending) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-6 lg:max-w-2xl">
        <div className="h-56 animate-pulse rounded-3xl bg-surface-muted" />
        <div className="h-72 animate-pulse rounded-3xl bg-surface-muted" />
      </div>
    );
  }
  const offer = query.data?.offer;
  if (query.isError || !offer) return <OfferLoadError error={query.error ?? undefined} />;
  if (offer.uid !== user?.uid) {
    return (
      <EmptyState icon={ShieldAlert} title={OFFER_MESSAGES.notYourOffer}>
        <BackToDashboard />
      </EmptyState>
    );
  }
  return <OfferForm key={offer.id} offer={offer} />;
}
