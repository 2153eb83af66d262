// /klips (docs/product.md "Klips", "Listings", "Search"; decision 0043): from 768 px the title, the search and the
// klip grid, a klip opening in the theater; under 768 px the full-screen snap feed with the search over it. The
// theater and the feed are loaded only when shown, so the grid's first JavaScript stays small. A klip to open
// first comes from a share link (/klips/{id}, the same page) or through the autoplay hand-off (a creator's profile).
import { Clapperboard, Search, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PRODUCT_NAME, SEARCH_DEBOUNCE_MS } from '../../../shared/constants.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { KLIPS_MESSAGES } from '../../../shared/klip-messages.ts';
import { ListErrorState } from '../../components/ui/list-error-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { GatedContentCard } from '../../features/auth/components/gated-content-card.tsx';
import { flattenKlipPages, useKlip, useKlipList } from '../../features/klips/api/klips.ts';
import { PagedKlipGrid } from '../../features/klips/components/klip-grid.tsx';
import type { KlipSequence } from '../../features/klips/components/klip-sequence.ts';
import { takeKlipHandoff } from '../../features/klips/klip-handoff.ts';
import { filterLoadedKlips } from '../../features/klips/klip-search.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useInfiniteScroll } from '../../hooks/use-infinite-scroll.ts';
import { useIsMobile } from '../../hooks/use-media-query.ts';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../config/paths.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { useIsHydrating, type HydrationPreload } from '../../lib/render-environment.ts';
import { toast } from '../../lib/toast.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';

const KlipTheater = lazy(() =>
  import('../../features/klips/components/klip-theater.tsx').then((module) => ({
    default: module.KlipTheater,
  })),
);
const KlipFeed = lazyWithPreload(() =>
  import('../../features/klips/components/klip-feed.tsx').then((module) => ({ default: module.KlipFeed })),
);

/** Before a phone's server-rendered feed is hydrated: the feed's code, so that it hydrates with the page. */
export const loadForHydration: HydrationPreload = ({ phone }) => (phone ? KlipFeed.preload() : undefined);

export function Component() {
  const isMobile = useIsMobile();
  const search = useKlipSearch();
  const query = useKlipList({ search: search.requested });
  const loaded = useMemo(() => flattenKlipPages(query.data?.pages), [query.data]);
  // Until the server has answered the text in the box, what is loaded is searched here (docs/product.md "Search").
  const answered = search.text.trim() === search.requested && !query.isPlaceholderData;
  const filterText = answered ? '' : search.text;
  const visible = useMemo(() => filterLoadedKlips(loaded, filterText), [loaded, filterText]);

  const start = useStartKlip(visible, query.isSuccess);
  const { pinned } = start;
  const klips = useMemo(
    () => (pinned ? [pinned, ...visible.filter((klip) => klip.id !== pinned.id)] : visible),
    [pinned, visible],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sequence = useMemo<KlipSequence>(
    () => ({ klips, hasMore: hasNextPage, isFetchingMore: isFetchingNextPage, loadMore }),
    [klips, hasNextPage, isFetchingNextPage, loadMore],
  );

  // docs/product.md "Who sees what": where listings are for signed-in shoppers, a visitor is asked to sign in.
  const signInNeeded = query.error instanceof ApiError && query.error.status === 401;
  // docs/product.md "Error texts: Home and lists": the failure on the page with Try Again, plus a toast.
  useEffect(() => {
    if (query.isError && !signInNeeded) toast.error(KLIPS_MESSAGES.fetchFailed, { id: 'klips-fetch-failed' });
  }, [query.isError, query.errorUpdatedAt, signInNeeded]);

  // At 768 px and up, the klip open in the theater: one the shopper chose, else the start klip until the shopper
  // closes the theater or chooses another (so it opens once).
  const [chosenKlipId, setChosenKlipId] = useState<string | null>(null);
  const [startDismissed, setStartDismissed] = useState(false);
  // Not in a server render (decision 0080): the theater is a dialog over the page, opened once the page has run.
  const hydrating = useIsHydrating();
  const startInTheater =
    !isMobile &&
    !hydrating &&
    !startDismissed &&
    start.ready &&
    start.id !== null &&
    klips.some((klip) => klip.id === start.id)
      ? start.id
      : null;
  const theaterKlipId = chosenKlipId ?? startInTheater;
  const openTheater = (klip: Klip) => {
    setChosenKlipId(klip.id);
    setStartDismissed(true);
  };
  const theaterIndex = theaterKlipId ? klips.findIndex((klip) => klip.id === theaterKlipId) : -1;
  const closeTheater = useCallback(() => {
    const closed = theaterKlipId;
    setChosenKlipId(null);
    setStartDismissed(true);
    // Back to the card the klip was opened from (or the one the theater was showing), for the keyboard.
    if (closed) {
      document.querySelector<HTMLElement>(`li[data-klip-id="${CSS.escape(closed)}"] button`)?.focus();
    }
  }, [theaterKlipId]);

  const sentinel = useInfiniteScroll({
    enabled: !isMobile && hasNextPage && !isFetchingNextPage && answered && !query.isError,
    onReach: () => void fetchNextPage(),
  });

  if (signInNeeded) {
    return (
      <>
        <PageHeader title={KLIPS_MESSAGES.title} subtitle={KLIPS_MESSAGES.tagline} />
        <GatedContentCard area="Klips" />
      </>
    );
  }

  if (isMobile) {
    const status =
      query.isError && !query.data ? 'error' : query.isPending || !start.ready ? 'loading' : 'ready';
    return (
      <>
        <PageTitle>{`${KLIPS_MESSAGES.title} · ${PRODUCT_NAME}`}</PageTitle>
        <Suspense
          fallback={<div aria-hidden="true" className="-mx-4 -my-6 h-[calc(100dvh-8rem)] bg-stone-950" />}
        >
          <KlipFeed
            sequence={sequence}
            status={status}
            onRetry={() => void query.refetch()}
            startKlipId={start.id}
            header={<FeedHeader text={search.text} onTextChange={search.setText} />}
          />
        </Suspense>
      </>
    );
  }

  return (
    <>
      <PageHeader title={KLIPS_MESSAGES.title} subtitle={KLIPS_MESSAGES.tagline} />
      <SearchField
        label="Search klips"
        placeholder={KLIPS_MESSAGES.searchPlaceholder}
        value={search.text}
        onChange={search.setText}
        className="mb-6 sm:max-w-xl"
      />
      {query.isError && !query.data ? (
        <ListErrorState
          icon={Clapperboard}
          title={KLIPS_MESSAGES.fetchFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PagedKlipGrid
          label={KLIPS_MESSAGES.title}
          klips={klips}
          loading={query.isPending}
          loadingMore={isFetchingNextPage}
          onOpen={openTheater}
        />
      )}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {theaterIndex >= 0 ? (
        <Suspense fallback={null}>
          <KlipTheater sequence={sequence} startIndex={theaterIndex} onClose={closeTheater} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The search text as typed (`text`) and as asked of the server (`requested`, the URL's ?search=, 300 ms after the
 * typing stops). The box follows the URL when something else changes it (the header's search, Back), not when
 * the URL catches up with what was typed.
 */
function useKlipSearch() {
  const [params, setParams] = useSearchParams();
  const requested = (params.get('search') ?? '').trim();
  const [text, setText] = useState(requested);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const [shownRequested, setShownRequested] = useState(requested);
  if (requested !== shownRequested) {
    setShownRequested(requested);
    // Our own write (the debounced text) leaves the box alone: the shopper may have typed on since.
    if (requested !== debounced && requested !== text.trim()) setText(requested);
  }
  useEffect(() => {
    if (debounced === requested) return;
    const next = new URLSearchParams(params);
    if (debounced) next.set('search', debounced);
    else next.delete('search');
    setParams(next, { replace: true });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  return { text, setText, requested };
}

// The hand-off of each visit to /klips (by the router's location key), read once: reading it uses it up, and React
// renders twice in development. Forgotten once the page has mounted, so Back to the visit reads nothing.
const handoffByVisit = new Map<string, string | null>();

function readHandoffOnce(visitKey: string): string | null {
  if (!handoffByVisit.has(visitKey)) handoffByVisit.set(visitKey, takeKlipHandoff());
  return handoffByVisit.get(visitKey) ?? null;
}

/**
 * The klip to open first (docs/product.md "Route table", "Klips"): a share link's (/klips/{id}), else the autoplay
 * hand-off. The link's address becomes /klips at once (a replace navigation, the page staying as it is), so a
 * reload or Back does not open it again. A klip that is not among those shown is fetched and `pinned` first; one
 * that cannot be fetched (or is not playable) says 'Failed to fetch klip' and the page shows as it is. `ready` once
 * the start klip is in hand.
 */
function useStartKlip(visible: Klip[], listReady: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const { id: linkedId } = useParams();
  // A server render (decision 0080) has no hand-off to read: only a share link's klip there, and in its hydration.
  const hydrating = useIsHydrating();
  const [visit] = useState(() => ({
    key: location.key,
    id: linkedId || (hydrating ? null : readHandoffOnce(location.key)),
  }));

  useEffect(() => {
    handoffByVisit.delete(visit.key);
    if (linkedId) {
      void navigate(
        { pathname: paths.klips.path, search: location.search, hash: location.hash },
        { replace: true },
      );
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const inList = visit.id !== null && visible.some((klip) => klip.id === visit.id);
  const single = useKlip(visit.id ?? '', { enabled: visit.id !== null && listReady && !inList });
  const unplayable = single.data !== undefined && single.data.status !== 'active';
  const failed = single.isError || unplayable;
  useEffect(() => {
    if (failed) toast.error(KLIPS_MESSAGES.klipFetchFailed);
  }, [failed]);

  const id = failed ? null : visit.id;
  const pinned = id !== null && single.data ? single.data : null;
  const ready = id === null || (listReady && (inList || pinned !== null));
  return { id, pinned, ready };
}

/** The feed's top under 768 px: the title, and a search that opens from its icon (decision 0043). */
function FeedHeader({ text, onTextChange }: { text: string; onTextChange: (text: string) => void }) {
  const [open, setOpen] = useState(text !== '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  return (
    <div className="flex items-center gap-3 bg-gradient-to-b from-black/70 to-transparent px-4 pt-3 pb-6 text-white">
      <h1 className={open ? 'sr-only' : 'flex-1 text-xl font-extrabold tracking-tight drop-shadow'}>
        {KLIPS_MESSAGES.title}
      </h1>
      {open ? (
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-white/80"
          />
          <input
            ref={input}
            type="search"
            aria-label="Search klips"
            placeholder={KLIPS_MESSAGES.searchPlaceholder}
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpen(false);
            }}
            enterKeyHint="search"
            className="h-10 w-full rounded-full border border-white/30 bg-black/40 pr-3 pl-9 text-sm text-white backdrop-blur-sm placeholder:text-white/70 focus:border-white focus:outline-none"
          />
        </div>
      ) : null}
      <button
        type="button"
        aria-label={open ? 'Close search' : 'Search klips'}
        aria-expanded={open}
        onClick={() => {
          if (open) onTextChange('');
          setOpen(!open);
        }}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-black/30 backdrop-blur-sm hover:bg-black/50 focus-visible:outline-2 focus-visible:outline-white"
      >
        {open ? (
          <X aria-hidden="true" className="size-5" />
        ) : (
          <Search aria-hidden="true" className="size-5" />
        )}
      </button>
    </div>
  );
}
