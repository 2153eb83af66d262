import { AlertDialog } from 'radix-ui';
import type { Blocker } from 'react-router';
import { UNSAVED_CHANGES_MESSAGES } from '../../../shared/product-form-messages.ts';
import { getButtonClass } from './button-styles.ts';

/**
 * "Leave without saving?" while a navigation waits on useUnsavedChangesGuard's blocker. Stay (also Esc) keeps the
 * page; Leave lets the navigation go on. The blocker's state alone decides whether the dialog is open.
 */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <AlertDialog.Root open={blocker.state === 'blocked'}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onEscapeKeyDown={() => blocker.reset?.()}
          className="animate-pop fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-line bg-surface p-5 shadow-lift outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-ink">
            {UNSAVED_CHANGES_MESSAGES.title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-ink-muted">
            {UNSAVED_CHANGES_MESSAGES.body}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel
              className={getButtonClass({ variant: 'secondary' })}
              onClick={() => blocker.reset?.()}
            >
              {UNSAVED_CHANGES_MESSAGES.stay}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={getButtonClass()} onClick={() => blocker.proceed?.()}>
              {UNSAVED_CHANGES_MESSAGES.leave}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
