import type { ReactNode } from 'react';
import { DialogShell, DialogTitleBar } from './dialog-shell.tsx';

/**
 * A bottom sheet for mobile menus: the dialog shell (focus trap, Esc, focus return, aria-modal) with the sheet's
 * look and the safe-area padding for phones with a home indicator.
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
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="animate-sheet pb-safe inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-3xl border-t border-line"
    >
      <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-line" aria-hidden="true" />
      <DialogTitleBar title={title} className="px-5 pt-2 pb-1" />
      <div className="px-3 pb-4">{children}</div>
    </DialogShell>
  );
}
