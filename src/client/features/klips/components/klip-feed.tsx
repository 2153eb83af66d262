// The phone feed under 768 px (docs/product.md "Klips", phones): one klip per screen, snapping vertically. It sits
// fixed over the page from the top of the screen (over the app header, which `header` replaces) down to the tab
// bar, which stays usable. The klip that fills at least 60% of the feed plays and the others pause; only it and its
// neighbours hold a <video> (the next one buffering, so that it starts at once after a swipe), the klips one
// farther show their poster, and the rest are empty slides until they come near. Near the end the next page is
// asked for; after the last klip the end card says so.
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { KLIPS_MESSAGES, KLIP_PLAYER_MESSAGES } from '../../../../shared/klip-messages.ts';
import { APP_MESSAGES } from '../../../../shared/shell-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { useIsHydrating } from '../../../lib/render-environment.ts';
import { usePlaybackSettings } from '../api/playback-settings.ts';
import { startPlayback } from '../playback/playback-coordinator.ts';
import { findSlideInView, shouldLoadMore } from '../playback/theater-navigation.ts';
import type { KlipSequence } from './klip-sequence.ts';
import { KlipSlide } from './klip-slide.tsx';

export type KlipFeedProps = {
  sequence: KlipSequence;
  status: 'loading' | 'error' | 'ready';
  /** Try Again after 'Something went wrong'. */
  onRetry: () => void;
  /** The klip to open at and autoplay (share link or hand-off); the first klip when null or not loaded. */
  startKlipId: string | null;
  /** Shown over the top of the feed (the page's title and search). */
  header?: ReactNode;
};

/** A slide counts as the one on screen once this share of it is visible. */
const ACTIVE_RATIO = 0.6;
/** Slides this far from the one on screen are drawn (their poster and texts); farther ones are empty. */
const RENDERED_DISTANCE = 2;
/** The feed's width a server render assumes (a common phone's CSS width): it only picks the first video's size. */
const SERVER_PHONE_WIDTH_PX = 412;
const SLIDE_CLASS = 'relative h-full w-full shrink-0 snap-start snap-always';

export function KlipFeed({ sequence, status, onRetry, startKlipId, header }: KlipFeedProps) {
  useLockPageScroll();
  return (
    <section
      aria-label={KLIP_PLAYER_MESSAGES.feed}
      className="fixed inset-x-0 top-0 bottom-[calc(var(--spacing-bottom-bar)+env(safe-area-inset-bottom))] z-40 bg-black text-white"
    >
      {status === 'loading' ? (
        <FeedSkeleton />
      ) : status === 'error' ? (
        <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
          <p className="text-lg font-semibold">{APP_MESSAGES.somethingWentWrong}</p>
          <button type="button" className={getButtonClass()} onClick={onRetry}>
            {APP_MESSAGES.tryAgain}
          </button>
        </div>
      ) : (
        <FeedSlides sequence={sequence} startKlipId={startKlipId} />
      )}
      {header ? <div className="absolute inset-x-0 top-0 z-10">{header}</div> : null}
    </section>
  );
}

function FeedSlides({ sequence, startKlipId }: Pick<KlipFeedProps, 'sequence' | 'startKlipId'>) {
  const { klips, hasMore, isFetchingMore, loadMore } = sequence;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(() =>
    Math.max(
      klips.findIndex((klip) => klip.id === startKlipId),
      0,
    ),
  );
  // The feed is the screen's width; a server render (decision 0080) does not know it and guesses a phone's.
  const [screenWidthPx] = useState(() =>
    typeof window === 'undefined' ? SERVER_PHONE_WIDTH_PX : window.innerWidth,
  );
  const hydrating = useIsHydrating();
  const displayWidthPx = hydrating ? SERVER_PHONE_WIDTH_PX : screenWidthPx;
  const activeRef = useRef(activeIndex);
  const { autoplay } = usePlaybackSettings();
  const autoplayRef = useRef(autoplay);
  useEffect(() => {
    autoplayRef.current = autoplay;
  });

  // Opened at a chosen klip: scrolled there before the first paint.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller && activeIndex > 0) scroller.scrollTop = activeIndex * scroller.clientHeight;
    // Only at mount: later the visitor's scrolling decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The klip on screen is the one at least ACTIVE_RATIO in view, decided in the scroll event: it runs in the frame
  // that scrolled, where an IntersectionObserver's callback comes a task later. The video is started here too,
  // rather than after the feed has rendered the change: its first frame shows that much sooner after a swipe
  // (bench/klip-swipe.ts). The player takes over from there.
  const klipCountRef = useRef(klips.length);
  useEffect(() => {
    klipCountRef.current = klips.length;
  });
  const hasKlips = klips.length > 0;
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const onScroll = () => {
      const at = findSlideInView(scroller.scrollTop, scroller.clientHeight, ACTIVE_RATIO);
      if (at === undefined || at >= klipCountRef.current || at === activeRef.current) return;
      activeRef.current = at;
      const video = scroller.children[at]?.querySelector('video');
      if (video?.paused && autoplayRef.current) void startPlayback(video);
      // The feed's own change (the neighbours' videos, the product card) yields to the video starting.
      startTransition(() => setActiveIndex(at));
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    // A swipe before the app took over the server's page (decision 0081) counts from here.
    onScroll();
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [hasKlips]);

  useEffect(() => {
    if (hasMore && !isFetchingMore && shouldLoadMore(activeIndex, klips.length)) loadMore();
  }, [activeIndex, klips.length, hasMore, isFetchingMore, loadMore]);

  if (klips.length === 0)
    return (
      <div className="flex h-full items-center justify-center p-6 text-center text-lg font-semibold">
        {APP_MESSAGES.klipsEmpty}
      </div>
    );
  return (
    <div
      ref={scrollerRef}
      className="h-full snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none]"
    >
      {klips.map((klip, at) => {
        const distance = Math.abs(at - activeIndex);
        return (
          <div key={klip.id} data-feed-index={at} className={SLIDE_CLASS}>
            {/* A swipe moves one klip at a time (snap-always): slides farther than the next but one stay empty
                until they come near, so the feed's first render and every change cost a few slides, not all. */}
            {distance <= RENDERED_DISTANCE ? (
              <KlipSlide
                klip={klip}
                active={at === activeIndex}
                video={distance <= 1}
                // In the server's page the next klip waits: the first one has the connection to itself
                // (decision 0081). Buffering it ahead starts once the page has run.
                preload={!hydrating && at === activeIndex + 1}
                displayWidthPx={displayWidthPx}
              />
            ) : null}
          </div>
        );
      })}
      {hasMore ? (
        <div className={SLIDE_CLASS}>
          <FeedSkeleton />
        </div>
      ) : (
        <div className={`${SLIDE_CLASS} flex flex-col items-center justify-center gap-5 p-6 text-center`}>
          <p className="text-xl font-bold">{KLIPS_MESSAGES.feedEnd}</p>
          <Link to={paths.shop.getHref()} className={getButtonClass()}>
            {KLIPS_MESSAGES.exploreMore}
          </Link>
        </div>
      )}
    </div>
  );
}

function FeedSkeleton() {
  return (
    <div
      role="status"
      aria-label={KLIP_PLAYER_MESSAGES.loading}
      className="relative h-full w-full bg-stone-900"
    >
      <div className="absolute inset-x-4 bottom-6 flex flex-col gap-3 motion-safe:animate-pulse">
        <div className="flex items-center gap-2">
          <span className="size-9 rounded-full bg-white/15" />
          <span className="h-4 w-32 rounded-full bg-white/15" />
        </div>
        <span className="h-4 w-3/4 rounded-full bg-white/15" />
        <span className="h-3 w-1/2 rounded-full bg-white/10" />
      </div>
    </div>
  );
}

/** While the feed is open the page under it does not scroll (nor hide the tab bar by scrolling). */
function useLockPageScroll(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = { overflow: root.style.overflow, scrollbarGutter: root.style.scrollbarGutter };
    root.style.overflow = 'hidden';
    // The page keeps a gutter for its scrollbar (index.css); with nothing to scroll, the feed takes the full width.
    root.style.scrollbarGutter = 'auto';
    return () => {
      Object.assign(root.style, previous);
    };
  }, []);
}
