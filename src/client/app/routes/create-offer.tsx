// Create Offer (docs/product.md "Route table", behind the login guard): the offer form, empty, with its live
// preview beside it.
import { PageHeader } from '../../components/ui/page-header.tsx';
import { OfferForm } from '../../features/offers/components/offer-form.tsx';

export function Component() {
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Create Offer" subtitle="Add special offers" />
      <OfferForm />
    </div>
  );
}
