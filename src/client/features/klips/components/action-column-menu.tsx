import clsx from 'clsx';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

/** A row of a menu that opens from the playing klip's action column (Share, Manage). */
export const ACTION_MENU_ITEM_CLASS =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-ink outline-none select-none data-[highlighted]:bg-surface-muted';

/** The menu beside the action column: to its left, bottoms aligned, above the theater and the comments panel. */
export function ActionColumnMenuContent({ className, children }: { className: string; children: ReactNode }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        side="left"
        align="end"
        sideOffset={10}
        collisionPadding={12}
        className={clsx(
          'animate-pop z-[70] rounded-2xl border border-line bg-surface p-1.5 shadow-lift',
          className,
        )}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
