// Delete on the Edit Klip page: asks first, naming the klip, then removes it with its media (DELETE
// /api/v1/klips/{id}) and goes to the creator's profile. Nothing of it is kept to undo.
import { useNavigate } from 'react-router';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-delete.ts';
import { paths } from '../../../config/paths.ts';
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
  const deletion = useConfirmedDelete({
    remove: useDeleteKlip(klipId),
    deletedMessage: KLIP_FORM_MESSAGES.deleted,
    onDeleted: () => {
      onAllowLeave();
      navigate(paths.profile.getHref(ownerUid));
    },
  });

  return (
    <ConfirmDeleteDialog
      {...deletion.dialog}
      triggerLabel={KLIP_FORM_MESSAGES.deleteAction}
      title={KLIP_FORM_MESSAGES.deleteTitle(title)}
      description={KLIP_FORM_MESSAGES.deleteDescription}
      keepLabel={KLIP_FORM_MESSAGES.deleteKeep}
    />
  );
}
