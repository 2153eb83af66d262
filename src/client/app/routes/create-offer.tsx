import { OFFER_DEFAULT_DURATION_DAYS } from '../../../shared/constants.ts';
import { ChecklistCard } from '../../components/ui/checklist-card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function Component() {
  return (
    <>
      <PageHeader title="Create Offer" subtitle="Add special offers" />
      <ChecklistCard
        title="What you need"
        items={[
          'A title, and the discount: a percentage or a fixed amount in ₹',
          'Optionally a minimum purchase and a maximum discount',
          `Start and end dates (${OFFER_DEFAULT_DURATION_DAYS} days unless you choose otherwise)`,
          'The products it applies to, and any terms shoppers should know',
        ]}
      />
    </>
  );
}
