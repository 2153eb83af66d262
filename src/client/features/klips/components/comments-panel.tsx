// A klip's comments (docs/product.md "Klips", "Klip interaction", "Comments"): a bottom sheet on phones and a panel
// on the right on wider screens, with newest or oldest first, Load more, replies that open and close and load when
// first opened, a composer (Enter sends; Send is disabled while blank or posting) that also replies, and a delete
// that asks first. Signed out the list shows and the composer asks to sign in; in preview nothing can be written.
import clsx from 'clsx';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_SOCIAL_MESSAGES } from '../../../../shared/klip-social-messages.ts';
import { DialogShell, DialogTitleBar } from '../../../components/ui/dialog-shell.tsx';
import { CommentsBody } from './comments/comments-body.tsx';

export function CommentsPanel({
  klip,
  count,
  open,
  onOpenChange,
  preview,
}: {
  klip: Klip;
  count: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preview: boolean;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      layer="raised"
      className={clsx(
        'pb-safe flex flex-col border-line',
        // Phones: a bottom sheet; wider: a panel along the right edge, beside the klip.
        'animate-sheet inset-x-0 bottom-0 h-[75dvh] rounded-t-3xl border-t',
        'md:animate-fade md:inset-x-auto md:top-0 md:right-0 md:h-dvh md:w-[26rem] md:rounded-none md:rounded-l-3xl md:border-t-0 md:border-l',
      )}
    >
      <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-line md:hidden" aria-hidden="true" />
      <DialogTitleBar
        title={
          <>
            {KLIP_SOCIAL_MESSAGES.comments}{' '}
            <span className="text-base font-semibold text-ink-subtle">({count})</span>
          </>
        }
        className="gap-2 px-5 pt-2 pb-1 md:pt-4"
      />
      {open ? <CommentsBody klip={klip} preview={preview} /> : null}
    </DialogShell>
  );
}
