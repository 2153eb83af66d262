// A Delete button that asks first: an alert dialog that says what goes, with a way to keep it (also Esc) and the
// Delete that does it. The caller owns the request; the dialog stays open while it runs and after it fails.
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { getButtonClass } from './button-styles.ts';

export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  triggerLabel,
  title,
  description,
  keepLabel,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  pending,
  onConfirm,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  keepLabel: string;
  confirmLabel?: string;
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
} & (
  | {
      /**
       * A button of the caller's own look that opens the dialog (a card's small Delete); null when the caller
       * opens it through `open` from elsewhere (a menu item).
       */
      trigger: ReactNode;
      triggerLabel?: never;
    }
  | {
      /** Without `trigger`: the page-sized Delete button, with this label. */
      trigger?: undefined;
      triggerLabel: string;
    }
)) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger === null ? null : trigger !== undefined ? (
        <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      ) : (
        <AlertDialog.Trigger
          className={getButtonClass({
            variant: 'ghost',
            size: 'lg',
            className: 'text-rani-700 hover:bg-rani-600/10 dark:text-rani-400',
          })}
        >
          <Trash2 aria-hidden="true" className="size-5 shrink-0" />
          {triggerLabel}
        </AlertDialog.Trigger>
      )}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content className="animate-pop fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-line bg-surface p-5 shadow-lift outline-none">
          <AlertDialog.Title className="text-lg font-bold break-words text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-ink-muted">
            {description}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={getButtonClass({ variant: 'secondary' })}>
              {keepLabel}
            </AlertDialog.Cancel>
            <button type="button" disabled={pending} onClick={onConfirm} className={getButtonClass()}>
              {pending ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
