import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../../hooks/use-return-focus.ts';
import { ICON_BUTTON_CLASS } from './button-styles.ts';

/**
 * A bottom sheet for mobile menus. Radix Dialog gives the focus trap, Esc, focus return and aria-modal; the
 * sheet only adds the look and the safe-area padding for phones with a home indicator.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  const { onRememberOpener, onReturnFocus } = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={onRememberOpener}
          onCloseAutoFocus={onReturnFocus}
          className="animate-sheet pb-safe fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-3xl border-t border-line bg-surface shadow-lift outline-none"
        >
          <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-line" aria-hidden="true" />
          <div className="flex items-center justify-between px-5 pt-2 pb-1">
            <Dialog.Title className="text-lg font-bold text-ink">{title}</Dialog.Title>
            <Dialog.Close className={ICON_BUTTON_CLASS} aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="px-3 pb-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
