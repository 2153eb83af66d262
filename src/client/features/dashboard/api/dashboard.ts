// The dashboard's reads (docs/product.md "Dashboard"): the figures of a period (GET /api/v1/dashboard/stats), the
// creator view (GET /api/v1/dashboard/shopstar) and the seller's products, klips and offers, one cursor list per
// section (GET /api/v1/dashboard?section=...), each page carrying the counts of all three.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { KLIP_STATUS_POLL_MS } from '../../../../shared/constants.ts';
import type {
  DashboardCounts,
  DashboardPeriod,
  DashboardResponse,
  DashboardSection,
  DashboardStatsResponse,
  ShopstarResponse,
} from '../../../../shared/contracts/dashboard.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { api } from '../../../lib/api-client.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: (period: DashboardPeriod) => ['dashboard', 'stats', period] as const,
  shopstar: ['dashboard', 'shopstar'] as const,
  items: ['dashboard', 'items'] as const,
  section: (section: DashboardSection) => ['dashboard', 'items', section] as const,
};

export function useDashboardStats(period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.stats(period),
    queryFn: ({ signal }) =>
      api.get<DashboardStatsResponse>('/dashboard/stats', { signal, query: { period } }),
    // The other period's figures stay on screen, dimmed, until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useShopstar() {
  return useQuery({
    queryKey: dashboardKeys.shopstar,
    queryFn: ({ signal }) => api.get<ShopstarResponse>('/dashboard/shopstar', { signal }),
  });
}

export type SectionItem = { products: ProductSummary; klips: Klip; offers: Offer };

/** One page of a section, in the shape every cursor list of the app has (removeFromPagedLists reads it). */
export type SectionPage<S extends DashboardSection> = {
  counts: DashboardCounts;
  items: SectionItem[S][];
  lastEvaluatedKey: string | null;
  hasMore: boolean;
};

async function listSection<S extends DashboardSection>(
  section: S,
  lastEvaluatedKey: string | undefined,
  signal: AbortSignal,
): Promise<SectionPage<S>> {
  const answer = await api.get<DashboardResponse>('/dashboard', {
    signal,
    query: { section, lastEvaluatedKey },
  });
  const page = answer[section] as Omit<SectionPage<S>, 'counts'> | undefined;
  return {
    counts: answer.counts,
    items: page?.items ?? [],
    lastEvaluatedKey: page?.lastEvaluatedKey ?? null,
    hasMore: page?.hasMore ?? false,
  };
}

/** A section's list; while a klip on it is processing, the list is asked again every KLIP_STATUS_POLL_MS. */
export function useDashboardSection<S extends DashboardSection>(section: S) {
  return useInfiniteQuery({
    queryKey: dashboardKeys.section(section),
    queryFn: ({ pageParam, signal }) => listSection(section, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? (last.lastEvaluatedKey ?? undefined) : undefined),
    refetchInterval: (query) =>
      section === 'klips' &&
      query.state.data?.pages.some((page) =>
        page.items.some((item) => (item as Klip).status === 'processing'),
      )
        ? KLIP_STATUS_POLL_MS
        : false,
  });
}

/** The loaded pages as one list, without an item that two pages both carry. */
export function flattenSectionPages<S extends DashboardSection>(
  pages: readonly SectionPage<S>[] | undefined,
): SectionItem[S][] {
  const seen = new Set<string>();
  const items: SectionItem[S][] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** How many of each the seller has (klips and offers in every state), from the newest page. */
export function countSection(counts: DashboardCounts, section: DashboardSection): number {
  if (section === 'products') return counts.products;
  const byState = section === 'klips' ? counts.klips : counts.offers;
  return Object.values(byState).reduce((sum, count) => sum + count, 0);
}
