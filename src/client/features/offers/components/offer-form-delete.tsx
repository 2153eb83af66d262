// Delete on the Edit Offer page: asks first, then removes the offer (DELETE /api/v1/offers/{id}) and goes to the
// dashboard. Shoppers stop seeing it at once; nothing of it is kept to undo.
import { useNavigate } from 'react-router';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-delete.ts';
import { paths } from '../../../config/paths.ts';
import { useDeleteOffer } from '../api/offers-write.ts';

export function DeleteOfferButton({ offerId, onAllowLeave }: { offerId: string; onAllowLeave: () => void }) {
  const navigate = useNavigate();
  const deletion = useConfirmedDelete({
    remove: useDeleteOffer(offerId),
    deletedMessage: OFFER_MESSAGES.deleted,
    onDeleted: () => {
      onAllowLeave();
      navigate(paths.dashboard.getHref());
    },
  });

  return (
    <ConfirmDeleteDialog
      {...deletion.dialog}
      triggerLabel={OFFER_MESSAGES.deleteAction}
      title={OFFER_MESSAGES.deleteTitle}
      description={OFFER_MESSAGES.deleteDescription}
      keepLabel={OFFER_MESSAGES.deleteKeep}
    />
  );
}
