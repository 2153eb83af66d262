// A Delete button that asks first: an alert dialog that says what goes, with a way to keep it (also Esc) and the
// Delete that does it. The caller owns the request (useConfirmedDelete); the dialog stays open while it runs and
// after it fails. One look for every Delete: the page's large button, a card's small one, or none when a menu item
// or a comment's own Delete opens it through `open`.
import clsx from 'clsx';
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { getButtonClass } from './button-styles.ts';

const TRIGGER_CLASS = {
  lg: { button: getButtonClass({ variant: 'ghost', size: 'lg' }), icon: 'size-5 shrink-0' },
  sm: { button: getButtonClass({ variant: 'ghost', size: 'sm' }), icon: 'size-4' },
  xs: {
    button: getButtonClass({ variant: 'ghost', size: 'sm', className: 'h-8 px-2.5 text-xs' }),
    icon: 'size-3.5',
  },
} as const;

/** `raised` sits above a panel that is itself above the page's dialogs (a klip's comments). */
const LAYER_CLASS = { base: 'z-50', raised: 'z-[70]' } as const;

export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  keepLabel,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  pending,
  onConfirm,
  layer = 'base',
  ...trigger
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
  layer?: keyof typeof LAYER_CLASS;
} & (
  | {
      /** The Delete button that opens the dialog: the page's large one unless `triggerSize` says smaller. */
      triggerLabel: string;
      /** Names what goes, where the label alone ('Delete') does not (a card in a list). */
      triggerAriaLabel?: string;
      triggerSize?: keyof typeof TRIGGER_CLASS;
      trigger?: undefined;
    }
  | {
      /** No button: the caller opens the dialog through `open` (a menu item, a comment's Delete). */
      trigger: null;
      triggerLabel?: never;
    }
)) {
  const layerClass = LAYER_CLASS[layer];
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger.triggerLabel === undefined ? null : (
        <AlertDialog.Trigger
          aria-label={trigger.triggerAriaLabel}
          className={clsx(
            TRIGGER_CLASS[trigger.triggerSize ?? 'lg'].button,
            'text-rani-700 hover:bg-rani-600/10 dark:text-rani-400',
          )}
        >
          <Trash2 aria-hidden="true" className={TRIGGER_CLASS[trigger.triggerSize ?? 'lg'].icon} />
          {trigger.triggerLabel}
        </AlertDialog.Trigger>
      )}
      <AlertDialog.Portal>
        <AlertDialog.Overlay
          className={clsx('animate-fade fixed inset-0 bg-stone-950/50 backdrop-blur-[2px]', layerClass)}
        />
        <AlertDialog.Content
          className={clsx(
            'animate-pop fixed top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-line bg-surface p-5 shadow-lift outline-none',
            layerClass,
          )}
        >
          <AlertDialog.Title className="text-lg font-bold break-words text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 line-clamp-3 text-sm text-ink-muted">
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
