// The klip card grid of the Klips page and a creator's profile (docs/product.md "Klips", "Listings", "Paging"):
// 1, 2, 3 or 4 columns by width, 12 skeletons while the first page loads, 4 more while the next one does, and
// 'No klips found' when there are none.
import { Clapperboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { KLIP_SKELETONS, KLIP_SKELETONS_MORE } from '../../../../shared/constants.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { APP_MESSAGES } from '../../../../shared/shell-messages.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { KlipCard, KlipCardSkeleton } from './klip-card.tsx';

/** Posters in view at once on most screens (a row of 4): they load first. */
const EAGER_CARDS = 4;

// Columns: 1 under 360 px (the smallest phones), 2 to 768, 3 to 1024, 4 from there (a 9:16 poster is then
// 220-290 px wide, tall enough to see, and a row fits in a 1280x800 screen).
export function KlipGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-1 gap-x-3 gap-y-6 min-[360px]:grid-cols-2 md:grid-cols-3 md:gap-x-4 lg:grid-cols-4 lg:gap-x-5"
    >
      {children}
    </ul>
  );
}

const renderSkeletons = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => <KlipCardSkeleton key={`${prefix}-${index}`} />);

export function PagedKlipGrid({
  label,
  klips,
  loading,
  loadingMore,
  onOpen,
}: {
  label: string;
  klips: Klip[];
  loading: boolean;
  loadingMore: boolean;
  onOpen: (klip: Klip) => void;
}) {
  if (loading) return <KlipGrid label={label}>{renderSkeletons(KLIP_SKELETONS, 'first')}</KlipGrid>;
  if (klips.length === 0) return <EmptyState icon={Clapperboard} title={APP_MESSAGES.klipsEmpty} />;
  return (
    <KlipGrid label={label}>
      {klips.map((klip, index) => (
        <KlipCard key={klip.id} klip={klip} onOpen={onOpen} eager={index < EAGER_CARDS} />
      ))}
      {loadingMore ? renderSkeletons(KLIP_SKELETONS_MORE, 'more') : null}
    </KlipGrid>
  );
}
