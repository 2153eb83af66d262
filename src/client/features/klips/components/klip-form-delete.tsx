// Delete on the Edit Klip page: asks first, naming the klip, then removes it with its media (DELETE
// /api/v1/klips/{id}) and goes to the creator's profile. Nothing of it is kept to undo.
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { KLIP_FORM_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
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
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger
        className={getButtonClass({
          variant: 'ghost',
          size: 'lg',
          className: 'text-rani-700 hover:bg-rani-600/10 dark:text-rani-400',
        })}
      >
        <Trash2 aria-hidden="true" className="size-5" />
        Delete Klip
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content className="animate-pop fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-line bg-surface p-5 shadow-lift outline-none">
          <AlertDialog.Title className="text-lg font-bold break-words text-ink">
            {`Delete “${title}”?`}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-ink-muted">
            The klip, its video, likes and comments will be removed. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={getButtonClass({ variant: 'secondary' })}>
              Keep klip
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => void onConfirm()}
              className={getButtonClass()}
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
