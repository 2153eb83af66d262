// The theater's keyboard, wheel and help (docs/product.md "Klips", theater mode) over the pure rules of
// playback/theater-navigation.ts: every move goes through one NAVIGATION_LOCK_MS lock, whether it came from a key,
// the wheel or a button; ? shows the help, which hides by itself after KEYBOARD_HELP_HIDE_MS.
import { useEffect, useRef, useState, type RefObject, type WheelEvent } from 'react';
import { KEYBOARD_HELP_HIDE_MS } from '../../../../shared/constants.ts';
import {
  createNavigationLock,
  createWheelAggregator,
  getTheaterKeyAction,
  type Direction,
} from '../playback/theater-navigation.ts';

/** Keys typed into a field (a comment box over the klip) are the field's. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * `containerRef` is the theater: keys count while focus is in it or nowhere (on the body, as after the focused
 * klip was hidden by a move), not while it is in a dialog opened over it.
 */
export function useTheaterNavigation(
  containerRef: RefObject<HTMLElement | null>,
  onMove: (direction: Direction) => void,
) {
  const [lock] = useState(() => createNavigationLock());
  const [wheel] = useState(() => createWheelAggregator());
  const [helpOpen, setHelpOpen] = useState(false);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  });

  useEffect(() => {
    if (!helpOpen) return;
    const timer = setTimeout(() => setHelpOpen(false), KEYBOARD_HELP_HIDE_MS);
    return () => clearTimeout(timer);
  }, [helpOpen]);

  function move(direction: Direction): void {
    if (lock.tryAcquire(performance.now())) onMoveRef.current(direction);
  }

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent): void {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target))
        return;
      const container = containerRef.current;
      const target = event.target;
      if (!container || (target !== document.body && !(target instanceof Node && container.contains(target))))
        return;
      const action = getTheaterKeyAction(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === 'help') setHelpOpen((open) => !open);
      else if (lock.tryAcquire(performance.now())) onMoveRef.current(action);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [containerRef, lock]);

  return {
    helpOpen,
    move,
    onToggleHelp: () => setHelpOpen((open) => !open),
    onWheel(event: WheelEvent): void {
      if (event.ctrlKey) return; // pinch zoom
      // A line or a page of scrolling (some mice) counts as a full move.
      const deltaY = event.deltaMode === 0 ? event.deltaY : Math.sign(event.deltaY) * 1000;
      const direction = wheel.add(deltaY, event.timeStamp);
      if (direction) move(direction);
    },
  };
}
