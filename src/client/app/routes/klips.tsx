// TEMPORARY page wiring for the player tests (issue 15, player branch): the klips grid branch replaces this page.
// At 768 px and wider, a plain list of klips, each with 'View in theater mode' opening the theater at it; under
// 768 px, the snap feed.
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { KLIPS_MESSAGES } from '../../../shared/messages.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { useIsMobile } from '../../hooks/use-media-query.ts';
import { flattenKlipPages, useKlipList } from '../../features/klips/api/klips.ts';
import { KlipFeed } from '../../features/klips/components/klip-feed.tsx';
import type { KlipSequence } from '../../features/klips/components/klip-sequence.ts';
import { KlipTheater } from '../../features/klips/components/klip-theater.tsx';
import type { KlipsNavigationState } from './klip-share.tsx';

export function Component() {
  const isMobile = useIsMobile();
  const location = useLocation();
  const startKlipId = (location.state as KlipsNavigationState | null)?.klipId ?? null;
  const list = useKlipList({});
  const klips = useMemo(() => flattenKlipPages(list.data?.pages), [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sequence: KlipSequence = useMemo(
    () => ({
      klips,
      hasMore: hasNextPage,
      isFetchingMore: isFetchingNextPage,
      loadMore: () => void fetchNextPage(),
    }),
    [klips, hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const [theaterIndex, setTheaterIndex] = useState<number | null>(null);
  const status = list.isPending ? 'loading' : list.isError && klips.length === 0 ? 'error' : 'ready';

  if (isMobile)
    return (
      <KlipFeed
        sequence={sequence}
        status={status}
        onRetry={() => void list.refetch()}
        startKlipId={startKlipId}
        header={
          <h1 className="px-4 pt-4 text-xl font-bold text-white drop-shadow">{KLIPS_MESSAGES.title}</h1>
        }
      />
    );
  return (
    <>
      <PageHeader title={KLIPS_MESSAGES.title} subtitle={KLIPS_MESSAGES.tagline} />
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {klips.map((klip, index) => (
          <li key={klip.id} data-klip-id={klip.id} className="overflow-hidden rounded-2xl border border-line">
            {klip.thumbnail ? (
              <img src={klip.thumbnail} alt="" className="aspect-[9/16] w-full object-cover" />
            ) : null}
            <div className="flex flex-col gap-2 p-3">
              <p className="truncate font-semibold">{klip.title}</p>
              <button
                type="button"
                className={getButtonClass({ size: 'sm' })}
                onClick={() => setTheaterIndex(index)}
              >
                {KLIPS_MESSAGES.viewInTheater}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {theaterIndex !== null ? (
        <KlipTheater sequence={sequence} startIndex={theaterIndex} onClose={() => setTheaterIndex(null)} />
      ) : null}
    </>
  );
}
