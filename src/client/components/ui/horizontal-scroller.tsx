// A row that scrolls sideways (docs/product.md "Home", New Arrivals): touch scrolls natively everywhere; on wide
// screens a mouse can also drag it, the wheel moves it sideways, and arrow buttons step SCROLL_STEP_PX.
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SCROLL_STEP_PX } from '../../../shared/constants.ts';
import { prefersReducedMotion, useIsMobile } from '../../hooks/use-media-query.ts';
import { ICON_BUTTON_CLASS } from './button-styles.ts';

/** A press that moved further than this was a drag: the link under it must not open. */
const DRAG_CLICK_SLOP_PX = 5;

export function HorizontalScroller({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const isMobile = useIsMobile();
  const [edges, setEdges] = useState({ start: true, end: true });

  const updateEdges = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const maxScroll = element.scrollWidth - element.clientWidth;
    setEdges({ start: element.scrollLeft <= 1, end: element.scrollLeft >= maxScroll - 1 });
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    updateEdges();
    const observer = new ResizeObserver(updateEdges);
    observer.observe(element);
    return () => observer.disconnect();
  }, [updateEdges]);

  // The wheel turns sideways only while the row can still move that way; at an end the page scrolls on.
  useEffect(() => {
    const element = ref.current;
    if (!element || isMobile) return;
    const onWheel = (event: WheelEvent) => {
      if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      const maxScroll = element.scrollWidth - element.clientWidth;
      const next = Math.min(maxScroll, Math.max(0, element.scrollLeft + event.deltaY));
      if (next === element.scrollLeft) return;
      event.preventDefault();
      element.scrollLeft = next;
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [isMobile]);

  const drag = useRef<{ x: number; scrollLeft: number; moved: boolean } | null>(null);
  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (isMobile || event.pointerType !== 'mouse' || event.button !== 0) return;
    drag.current = { x: event.clientX, scrollLeft: event.currentTarget.scrollLeft, moved: false };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state) return;
    const distance = event.clientX - state.x;
    if (!state.moved && Math.abs(distance) <= DRAG_CLICK_SLOP_PX) return;
    if (!state.moved) event.currentTarget.setPointerCapture(event.pointerId);
    state.moved = true;
    event.currentTarget.scrollLeft = state.scrollLeft - distance;
  };
  const endDrag = () => {
    // Cleared after the click that ends this press has been seen (and cancelled, if it was a drag).
    requestAnimationFrame(() => (drag.current = null));
  };
  const onClickCapture = (event: React.MouseEvent) => {
    if (drag.current?.moved) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const step = (direction: 1 | -1) =>
    ref.current?.scrollBy({
      left: direction * SCROLL_STEP_PX,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });

  return (
    <div className="relative">
      <div
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={updateEdges}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClickCapture={onClickCapture}
        onDragStart={(event) => event.preventDefault()}
        className="-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 select-none [scrollbar-width:none] md:mx-0 md:snap-none md:scroll-px-0 md:px-0"
      >
        {children}
      </div>
      {isMobile ? null : (
        <>
          <ScrollButton side="start" hidden={edges.start} onClick={() => step(-1)} />
          <ScrollButton side="end" hidden={edges.end} onClick={() => step(1)} />
        </>
      )}
    </div>
  );
}

function ScrollButton({
  side,
  hidden,
  onClick,
}: {
  side: 'start' | 'end';
  hidden: boolean;
  onClick: () => void;
}) {
  const Icon = side === 'start' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={side === 'start' ? 'Scroll left' : 'Scroll right'}
      disabled={hidden}
      onClick={onClick}
      className={clsx(
        ICON_BUTTON_CLASS,
        'absolute top-1/3 -translate-y-1/2 border border-line bg-surface shadow-md disabled:pointer-events-none disabled:opacity-0',
        side === 'start' ? '-left-4' : '-right-4',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
