import { AlertDialog } from 'radix-ui';
import type { Comment } from '../../../../../shared/contracts/interactions.ts';
import { INTERACTION_MESSAGES, KLIP_SOCIAL_MESSAGES } from '../../../../../shared/messages.ts';
import { getButtonClass } from '../../../../components/ui/button-styles.ts';

/** docs/product.md "Comments": deleting asks first, in the spec's words for a comment or a reply. */
export function DeleteCommentDialog({
  comment,
  onCancel,
  onConfirm,
}: {
  comment: Comment | null;
  onCancel: () => void;
  onConfirm: (comment: Comment) => void;
}) {
  return (
    <AlertDialog.Root open={comment !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade fixed inset-0 z-[70] bg-stone-950/50" />
        <AlertDialog.Content className="animate-pop fixed top-1/2 left-1/2 z-[70] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-line bg-surface p-5 shadow-lift outline-none">
          <AlertDialog.Title className="text-lg font-bold text-ink">
            {comment?.metadata.isReply
              ? INTERACTION_MESSAGES.confirmDeleteReply
              : INTERACTION_MESSAGES.confirmDeleteComment}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-1 line-clamp-3 text-sm text-ink-muted">
            {comment?.content}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={getButtonClass({ variant: 'secondary' })}>
              {KLIP_SOCIAL_MESSAGES.cancel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="inline-flex h-11 items-center justify-center rounded-full bg-red-600 px-5 text-sm font-semibold text-white hover:bg-red-700"
              onClick={() => (comment ? onConfirm(comment) : undefined)}
            >
              {KLIP_SOCIAL_MESSAGES.delete}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
