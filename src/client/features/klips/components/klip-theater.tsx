// The desktop theater (docs/product.md "Klips", theater mode): a full-screen dialog at the chosen klip, 350x660 at
// 9:16, previous and next by buttons, keys and the mouse wheel, Esc to close, ? for the key help. The klips before
// and after the one on screen stay mounted (hidden), the next one buffering, so that a move starts it at once with
// the same <video>. Radix Dialog traps focus and closes on Esc; focus goes back to whatever opened it.
import clsx from 'clsx';
import { ChevronDown, ChevronUp, Keyboard, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { THEATER_HEIGHT_PX, THEATER_WIDTH_PX } from '../../../../shared/constants.ts';
import { KLIP_PLAYER_MESSAGES } from '../../../../shared/klip-messages.ts';
import { useReturnFocus } from '../../../hooks/use-return-focus.ts';
import { useTheaterNavigation } from '../hooks/use-theater-navigation.ts';
import { getNextIndex, shouldLoadMore } from '../playback/theater-navigation.ts';
import { KlipSlide } from './klip-slide.tsx';
import type { KlipSequence } from './klip-sequence.ts';

export type KlipTheaterProps = {
  sequence: KlipSequence;
  /** Index in sequence.klips of the klip to open at. */
  startIndex: number;
  onClose: () => void;
};

const NAV_BUTTON_CLASS =
  'inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 disabled:pointer-events-none disabled:opacity-30';

export function KlipTheater({ sequence, startIndex, onClose }: KlipTheaterProps) {
  const { klips, hasMore, isFetchingMore, loadMore } = sequence;
  const [chosenIndex, setIndex] = useState(() => Math.max(startIndex, 0));
  // Clamped on every render, not only at open: the owner may delete the klip on screen, which leaves the list at
  // once (the last one: the one before it plays; the only one: the theater closes).
  const index = Math.min(chosenIndex, Math.max(klips.length - 1, 0));
  const { onRememberOpener, onReturnFocus } = useReturnFocus();
  const contentRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const navigation = useTheaterNavigation(contentRef, (direction) => {
    const next = getNextIndex(index, direction, klips.length);
    if (next === null) return;
    // Focus on the klip being hidden would fall to the page: it stays in the theater.
    if (stageRef.current?.contains(document.activeElement)) contentRef.current?.focus();
    setIndex(next);
  });

  const isEmpty = klips.length === 0;
  useEffect(() => {
    if (isEmpty) onClose();
  }, [isEmpty, onClose]);

  useEffect(() => {
    if (hasMore && !isFetchingMore && shouldLoadMore(index, klips.length)) loadMore();
  }, [index, klips.length, hasMore, isFetchingMore, loadMore]);

  const current = klips[index];
  if (!current) return null;
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-stone-950" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={onRememberOpener}
          onCloseAutoFocus={onReturnFocus}
          ref={contentRef}
          onWheel={navigation.onWheel}
          className="fixed inset-0 z-50 flex items-center justify-center gap-6 p-4 outline-none"
        >
          <Dialog.Title className="sr-only">
            {`${KLIP_PLAYER_MESSAGES.theater}: ${current.title}`}
          </Dialog.Title>
          <div
            ref={stageRef}
            className="relative shrink-0 overflow-hidden rounded-2xl bg-black shadow-2xl"
            style={{ width: THEATER_WIDTH_PX, height: THEATER_HEIGHT_PX, maxHeight: 'calc(100dvh - 2rem)' }}
          >
            {klips.map((klip, at) =>
              Math.abs(at - index) <= 1 ? (
                <div
                  key={klip.id}
                  className={clsx('absolute inset-0', at !== index && 'invisible')}
                  aria-hidden={at !== index || undefined}
                  inert={at !== index}
                >
                  <KlipSlide
                    klip={klip}
                    active={at === index}
                    video
                    preload={at === index + 1}
                    displayWidthPx={THEATER_WIDTH_PX}
                  />
                </div>
              ) : null,
            )}
          </div>
          <div className="flex flex-col gap-3">
            <button
              type="button"
              aria-label={KLIP_PLAYER_MESSAGES.previous}
              className={NAV_BUTTON_CLASS}
              disabled={index === 0}
              onClick={() => navigation.move('previous')}
            >
              <ChevronUp aria-hidden="true" className="size-6" />
            </button>
            <button
              type="button"
              aria-label={KLIP_PLAYER_MESSAGES.next}
              className={NAV_BUTTON_CLASS}
              disabled={index >= klips.length - 1}
              onClick={() => navigation.move('next')}
            >
              <ChevronDown aria-hidden="true" className="size-6" />
            </button>
          </div>
          <Dialog.Close
            aria-label={KLIP_PLAYER_MESSAGES.close}
            className="absolute top-4 right-4 inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
          >
            <X aria-hidden="true" className="size-6" />
          </Dialog.Close>
          <button
            type="button"
            aria-expanded={navigation.helpOpen}
            onClick={navigation.onToggleHelp}
            className="absolute top-4 left-4 inline-flex h-11 items-center gap-2 rounded-full bg-white/10 px-4 text-sm text-white/80 transition-colors hover:bg-white/20"
          >
            <Keyboard aria-hidden="true" className="size-5" />
            {KLIP_PLAYER_MESSAGES.shortcutsHint}
          </button>
          {navigation.helpOpen ? (
            <section
              aria-label={KLIP_PLAYER_MESSAGES.shortcutsTitle}
              className="absolute top-18 left-4 w-64 rounded-2xl bg-white/95 p-4 text-stone-900 shadow-lift"
            >
              <h2 className="mb-2 text-sm font-bold">{KLIP_PLAYER_MESSAGES.shortcutsTitle}</h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                {KLIP_PLAYER_MESSAGES.shortcuts.map(({ keys, action }) => (
                  <div key={action} className="contents">
                    <dt className="font-mono font-semibold">{keys}</dt>
                    <dd>{action}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
