// The one modal shell (decision 0061): Radix Dialog's overlay and content, which trap focus, close on Esc and lock
// the page's scroll, plus focus handed back to whatever opened it. Sheets, drawers and panels differ only in the
// look their caller gives the content.
import clsx from 'clsx';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../../hooks/use-return-focus.ts';
import { ICON_BUTTON_CLASS } from './button-styles.ts';

/** `raised` sits above the header menus and the Loot Box, for a panel opened from inside another layer. */
const LAYER_CLASS = { base: 'z-50', raised: 'z-[60]' } as const;

export function DialogShell({
  open,
  onOpenChange,
  layer = 'base',
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  layer?: keyof typeof LAYER_CLASS;
  /** Where the content sits and how it looks (a bottom sheet, a side drawer, a centred dialog). */
  className: string;
  children: ReactNode;
}) {
  const { onRememberOpener, onReturnFocus } = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={clsx(
            'animate-fade fixed inset-0 bg-stone-950/50 backdrop-blur-[2px]',
            LAYER_CLASS[layer],
          )}
        />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={onRememberOpener}
          onCloseAutoFocus={onReturnFocus}
          className={clsx('fixed bg-surface shadow-lift outline-none', LAYER_CLASS[layer], className)}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The shell's title row: the dialog's accessible name on the left, Close on the right. */
export function DialogTitleBar({
  title,
  closeLabel = 'Close',
  titleClassName = 'text-lg font-bold text-ink',
  className,
}: {
  title: ReactNode;
  closeLabel?: string;
  titleClassName?: string | undefined;
  className: string;
}) {
  return (
    <div className={clsx('flex items-center justify-between', className)}>
      <Dialog.Title className={titleClassName || undefined}>{title}</Dialog.Title>
      <Dialog.Close className={ICON_BUTTON_CLASS} aria-label={closeLabel}>
        <X aria-hidden="true" className="size-5" />
      </Dialog.Close>
    </div>
  );
}
