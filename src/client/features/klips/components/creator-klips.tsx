// A creator's klips on their profile (decision 0043): the klip grid, one row at first and more on asking (the
// products below stay in reach), 'No klips found' when there are none. Opening a klip hands it to /klips through
// the autoplay hand-off (docs/product.md "Klips"), where the feed or the theater plays it.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Clapperboard } from 'lucide-react';
import { CREATOR_KLIPS_FIRST_SHOWN, DEFAULT_PAGE_SIZE } from '../../../../shared/constants.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { CREATOR_KLIPS_MESSAGES, KLIPS_MESSAGES } from '../../../../shared/klip-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { ListErrorState } from '../../../components/ui/list-error-state.tsx';
import { paths } from '../../../config/paths.ts';
import { flattenKlipPages, useKlipList } from '../api/klips.ts';
import { writeKlipHandoff } from '../klip-handoff.ts';
import { PagedKlipGrid } from './klip-grid.tsx';
import { toast } from '../../../lib/toast.ts';

export function CreatorKlips({ uid, label }: { uid: string; label: string }) {
  const navigate = useNavigate();
  const query = useKlipList({ uid });
  const klips = flattenKlipPages(query.data?.pages);
  const [shown, setShown] = useState(CREATOR_KLIPS_FIRST_SHOWN);

  useEffect(() => {
    if (query.isError) toast.error(KLIPS_MESSAGES.fetchFailed, { id: `creator-klips-${uid}` });
  }, [query.isError, query.errorUpdatedAt, uid]);

  function onOpen(klip: Klip) {
    writeKlipHandoff(klip.id);
    void navigate(paths.klips.getHref());
  }

  function onShowMore() {
    const next = shown + DEFAULT_PAGE_SIZE;
    setShown(next);
    if (klips.length < next && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }

  if (query.isError && !query.data) {
    return (
      <ListErrorState
        icon={Clapperboard}
        title={KLIPS_MESSAGES.fetchFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const more = klips.length > shown || query.hasNextPage;
  return (
    <>
      <PagedKlipGrid
        label={label}
        klips={klips.slice(0, shown)}
        loading={query.isPending}
        loadingMore={query.isFetchingNextPage}
        onOpen={onOpen}
      />
      {more && !query.isPending ? (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className={getButtonClass({ variant: 'secondary', size: 'sm' })}
            disabled={query.isFetchingNextPage}
            onClick={onShowMore}
          >
            {CREATOR_KLIPS_MESSAGES.showMore}
          </button>
        </div>
      ) : null}
    </>
  );
}
