import { DialogShell, DialogTitleBar } from '../ui/dialog-shell.tsx';
import { Logo } from '../ui/logo.tsx';
import { SideMenuNav } from './side-menu-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// Loaded on first use (see main-layout.tsx): Radix Dialog is not needed for the first paint.
/** Under the breakpoint the same menu opens as a drawer in the dialog shell, which traps focus and closes on Esc. */
export default function SideDrawer({
  open,
  onOpenChange,
  returnPath,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnPath: string;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="animate-drawer inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col border-r border-line px-3 py-3"
    >
      <DialogTitleBar
        title={
          <>
            <Logo />
            <span className="sr-only">Menu</span>
          </>
        }
        titleClassName=""
        closeLabel="Close menu"
        className="mb-3 pl-2"
      />
      <SideMenuNav compact={false} returnPath={returnPath} onNavigate={() => onOpenChange(false)} />
      <div className="mt-auto flex items-center justify-between border-t border-line px-2 pt-3 text-sm text-ink-muted">
        Theme
        <ThemeToggle />
      </div>
    </DialogShell>
  );
}
