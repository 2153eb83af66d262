// The signed-in header controls load as their own chunk (Radix menus are not needed by signed-out visitors);
// the placeholder has the same footprint, so the header does not shift when they arrive.
import clsx from 'clsx';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { ICON_BUTTON_CLASS } from '../ui/button-styles.ts';

export const SignedInHeaderActions = lazyWithPreload(() => import('./header-menus.tsx'));

export function SignedInActionsPlaceholder() {
  return (
    <div aria-hidden="true" className="flex items-center gap-0.5 sm:gap-1">
      <span className="hidden h-9 w-[6.5rem] rounded-full bg-surface-muted md:inline-block" />
      <span className={clsx(ICON_BUTTON_CLASS, 'max-md:hidden')} />
      <span className={ICON_BUTTON_CLASS} />
      <span className={ICON_BUTTON_CLASS} />
      <span className="ml-1 inline-block size-9 rounded-full bg-surface-muted" />
    </div>
  );
}
