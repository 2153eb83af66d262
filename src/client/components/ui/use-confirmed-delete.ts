// The one delete flow behind ConfirmDeleteDialog: open, the request on Delete (the dialog stays open while it
// runs and after it fails, with the error in a toast), then close, the success toast and the caller's next step.
import { useState } from 'react';
import { getErrorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';

export function useConfirmedDelete({
  remove,
  deletedMessage,
  onDeleted,
}: {
  /** The feature's delete mutation (it updates the caches). */
  remove: { mutateAsync: () => Promise<unknown>; isPending: boolean };
  deletedMessage: string;
  /** After the success toast: leave the page, say. */
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState(false);

  async function onConfirm(): Promise<void> {
    try {
      await remove.mutateAsync();
    } catch (error) {
      toast.error(getErrorMessage(error));
      return;
    }
    setOpen(false);
    toast.success(deletedMessage);
    onDeleted?.();
  }

  return {
    /** Opens the dialog from elsewhere (a menu item). */
    show: () => setOpen(true),
    /** ConfirmDeleteDialog's state props. */
    dialog: { open, onOpenChange: setOpen, pending: remove.isPending, onConfirm: () => void onConfirm() },
  };
}
