// Delete on the Edit Klip page: asks first, naming the klip, then removes it with its media (DELETE
// /api/v1/klips/{id}) and goes to the creator's profile. Nothing of it is kept to undo.
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { KLIP_FORM_MESSAGES } from '../../../../shared/messages.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDeleteKlip } from '../api/klip-write.ts';

export function DeleteKlipButton({
  klipId,
  title,
  ownerUid,
  onAllowLeave,
}: {
  klipId: string;
  title: string;
  ownerUid: string;
  onAllowLeave: () => void;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteKlip(klipId);

  async function onConfirm(): Promise<void> {
    try {
      await remove.mutateAsync();
      setOpen(false);
      onAllowLeave();
      toast.success(KLIP_FORM_MESSAGES.deleted);
      navigate(paths.profile.getHref(ownerUid));
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }

  return (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={setOpen}
      triggerLabel={KLIP_FORM_MESSAGES.deleteAction}
      title={KLIP_FORM_MESSAGES.deleteTitle(title)}
      description={KLIP_FORM_MESSAGES.deleteDescription}
      keepLabel={KLIP_FORM_MESSAGES.deleteKeep}
      pending={remove.isPending}
      onConfirm={() => void onConfirm()}
    />
  );
}
