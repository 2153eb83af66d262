// The seller's listings (docs/product.md "Dashboard"): Products, Klips and Offers as tabs with their counts, each
// a paged list (Load more follows lastEvaluatedKey) of rows with Edit and Delete. A seller with nothing listed
// sees the honest empty state with the three Create actions instead.
import { ListChecks } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { DashboardSection } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_SECTIONS } from '../../../../shared/constants.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { ListErrorState } from '../../../components/ui/list-error-state.tsx';
import { countSection, flattenSectionPages, useDashboardSection } from '../api/dashboard.ts';
import { formatFigure } from '../dashboard-format.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { DashboardEmpty } from './dashboard-empty.tsx';
import { KlipRow } from './klip-row.tsx';
import { OfferRow } from './offer-row.tsx';
import { ProductRow } from './product-row.tsx';

export function DashboardItems({
  section,
  onSectionChange,
  className,
}: {
  section: DashboardSection;
  onSectionChange: (section: DashboardSection) => void;
  className?: string;
}) {
  const m = DASHBOARD_PAGE_MESSAGES;
  const query = useDashboardSection(section);
  const counts = query.data?.pages.at(-1)?.counts;
  const nothingListed =
    counts !== undefined && DASHBOARD_SECTIONS.every((key) => countSection(counts, key) === 0);

  if (nothingListed) return <DashboardEmpty className={className} />;
  return (
    <DashboardCard title={m.itemsHeading} headingId="dashboard-items" className={className}>
      <Tabs.Root value={section} onValueChange={(value) => onSectionChange(value as DashboardSection)}>
        <Tabs.List
          aria-label={m.itemsHeading}
          className="flex gap-1 overflow-x-auto rounded-full border border-line bg-surface-muted p-1"
        >
          {DASHBOARD_SECTIONS.map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="inline-flex h-9 flex-auto items-center justify-center gap-1 rounded-full px-2 text-sm font-semibold whitespace-nowrap text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm"
            >
              {m.sections[key]}
              <span className="rounded-full bg-page px-1.5 text-xs tabular-nums">
                {counts ? formatFigure(countSection(counts, key)) : '·'}
              </span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {DASHBOARD_SECTIONS.map((key) => (
          <Tabs.Content key={key} value={key} className="mt-2 outline-none">
            {key === section ? <SectionList section={key} query={query} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </DashboardCard>
  );
}

function SectionList({
  section,
  query,
}: {
  section: DashboardSection;
  query: ReturnType<typeof useDashboardSection>;
}) {
  const m = DASHBOARD_PAGE_MESSAGES;
  if (query.isPending) {
    return (
      <ul aria-hidden="true" className="divide-y divide-line">
        {[0, 1, 2].map((index) => (
          <li key={index} className="flex items-center gap-3 py-3">
            <span className="size-14 animate-pulse rounded-xl bg-surface-muted" />
            <span className="h-4 flex-1 animate-pulse rounded bg-surface-muted" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <ListErrorState
        icon={ListChecks}
        title={m.itemsFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const items = flattenSectionPages(query.data.pages);
  if (items.length === 0)
    return <p className="py-6 text-center text-sm text-ink-muted">{m.sectionEmpty[section]}</p>;
  return (
    <>
      <ul className="divide-y divide-line" aria-label={m.sections[section]}>
        {items.map((item) =>
          section === 'products' ? (
            <ProductRow key={item.id} product={item as ProductSummary} />
          ) : section === 'klips' ? (
            <KlipRow key={item.id} klip={item as Klip} />
          ) : (
            <OfferRow key={item.id} offer={item as Offer} />
          ),
        )}
      </ul>
      {query.hasNextPage ? (
        <button
          type="button"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'mt-3 w-full' })}
        >
          {query.isFetchingNextPage ? m.loadingMore : m.loadMore}
        </button>
      ) : null}
    </>
  );
}
