// Delete on the Edit Offer page: asks first, then removes the offer (DELETE /api/v1/offers/{id}) and goes to the
// dashboard. Shoppers stop seeing it at once; nothing of it is kept to undo.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { OFFER_MESSAGES } from '../../../../shared/messages.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDeleteOffer } from '../api/offers-write.ts';

export function DeleteOfferButton({ offerId, onAllowLeave }: { offerId: string; onAllowLeave: () => void }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteOffer(offerId);

  async function onConfirm(): Promise<void> {
    try {
      await remove.mutateAsync();
      setOpen(false);
      onAllowLeave();
      toast.success(OFFER_MESSAGES.deleted);
      navigate(paths.dashboard.getHref());
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }

  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={setOpen}
      triggerLabel={OFFER_MESSAGES.deleteAction}
      title={OFFER_MESSAGES.deleteTitle}
      description={OFFER_MESSAGES.deleteDescription}
      keepLabel={OFFER_MESSAGES.deleteKeep}
      pending={remove.isPending}
      onConfirm={() => void onConfirm()}
    />
  );
}
