import { TicketPercent } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

export function Component() {
  return (
    <>
      <PageHeader
        title="Offers"
        subtitle="Special offers from Shop Stars. Claim one and it applies to the product."
      />
      <EmptyState icon={TicketPercent} title="No active offers right now" />
    </>
  );
}
