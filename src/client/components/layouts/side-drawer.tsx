import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useReturnFocus } from '../../hooks/use-return-focus.ts';
import { ICON_BUTTON_CLASS } from '../ui/button-styles.ts';
import { Logo } from '../ui/logo.tsx';
import { SideMenuNav } from './side-menu-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// Loaded on first use (see main-layout.tsx): Radix Dialog is not needed for the first paint.
/** Under the breakpoint the same menu opens as a drawer; Radix Dialog traps focus and closes on Esc. */
export default function SideDrawer({
  open,
  onOpenChange,
  returnPath,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnPath: string;
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
          className="animate-drawer fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-line bg-surface px-3 py-3 shadow-lift outline-none"
        >
          <div className="mb-3 flex items-center justify-between pl-2">
            <Dialog.Title asChild>
              <h2>
                <Logo />
                <span className="sr-only">Menu</span>
              </h2>
            </Dialog.Title>
            <Dialog.Close className={ICON_BUTTON_CLASS} aria-label="Close menu">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <SideMenuNav compact={false} returnPath={returnPath} onNavigate={() => onOpenChange(false)} />
          <div className="mt-auto flex items-center justify-between border-t border-line px-2 pt-3 text-sm text-ink-muted">
            Theme
            <ThemeToggle />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
