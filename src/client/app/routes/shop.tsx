// Shop (docs/product.md "Shop", "Listings", and the filters of "Validation rules"). Filters live in the URL, so
// Back returns to the same list; loaded pages stay in the query cache, so it is not fetched again.
import clsx from 'clsx';
import { PackageSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { FILTER_OVERLAY_MS, SEARCH_DEBOUNCE_MS } from '../../../shared/constants.ts';
import { ALL_CATEGORIES, CATEGORIES, CATEGORY_TREE, isCategory } from '../../../shared/domain/categories.ts';
import {
  getShopFilters,
  getShopListFilters,
  normalizePriceParam,
} from '../../../shared/domain/shop-query.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { GatedContentCard } from '../../features/auth/components/gated-content-card.tsx';
import { useProductList } from '../../features/products/api/products.ts';
import { PriceRange } from '../../features/products/components/price-range.tsx';
import { PagedProductGrid } from '../../features/products/components/product-grid.tsx';
import { filterLoadedProducts } from '../../features/products/shop-filters.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useInfiniteScroll } from '../../hooks/use-infinite-scroll.ts';
import { ApiError, getErrorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';

const CHIP = 'shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-semibold transition-colors';
const chipClass = (active: boolean) =>
  clsx(
    CHIP,
    active
      ? 'border-transparent bg-brand-fill text-white'
      : 'border-line bg-surface text-ink-muted hover:border-brand hover:text-ink',
  );

function useShopFilters() {
  const [params, setParams] = useSearchParams();
  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  }
  // Read as the server's page preload reads it (shop-query.ts), so the first request is the preloaded one.
  return { ...getShopFilters(params), update };
}

export function Component() {
  const filters = useShopFilters();
  const location = useLocation();

  // docs/product.md "Route table": a category (and subcategory) can arrive in navigation state, from Home or a
  // breadcrumb. It moves into the URL (that navigation carries no state, so it is applied once); the list waits
  // for it.
  const state = location.state as { category?: string; subcategory?: string } | null;
  const stateCategory = state?.category && isCategory(state.category) ? state.category : null;
  useEffect(() => {
    if (stateCategory) filters.update({ category: stateCategory, sub: state?.subcategory ?? null });
  }, [location.state]); // eslint-disable-line react-hooks/exhaustive-deps

  const [searchText, setSearchText] = useState(filters.search);
  // The box follows the URL when something else changes it (the header's search, Back, the Shop link).
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (filters.search !== urlSearch) {
    setUrlSearch(filters.search);
    if (filters.search !== searchText.trim()) setSearchText(filters.search);
  }
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS).trim();
  useEffect(() => {
    if (search !== filters.search) filters.update({ search: search || null });
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const query = useProductList(getShopListFilters(filters), { enabled: !stateCategory });
  const loaded = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Until the server has answered the text in the box, what is loaded is searched here.
  const answered = searchText.trim() === filters.search && !query.isPlaceholderData;
  const items = filterLoadedProducts(loaded, {
    subcategories: filters.subcategories,
    search: answered ? '' : searchText,
  });
  const total = query.data?.pages[0]?.total ?? 0;

  const overlay = useFilteringOverlay(
    JSON.stringify([
      filters.category,
      filters.subcategories,
      filters.minPrice,
      filters.maxPrice,
      filters.search,
    ]),
    query.isPlaceholderData,
  );

  // docs/product.md "Who sees what": where the shop is for signed-in shoppers, a visitor is asked to sign in.
  const signInNeeded = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (query.isError && !signInNeeded) toast.error(getErrorMessage(query.error));
  }, [query.isError, query.error, signInNeeded]);

  const sentinel = useInfiniteScroll({
    // docs/product.md "Listings": a search's results page on like any list once the server has answered the
    // text in the box; while typed text waits for its answer, the loaded products are searched here instead.
    enabled: query.hasNextPage && !query.isFetchingNextPage && answered,
    onReach: () => void query.fetchNextPage(),
  });

  const header = <PageHeader title="Shop" subtitle="Premium products from Trusted Sellers" />;
  if (signInNeeded) {
    return (
      <>
        {header}
        <GatedContentCard area="Shop" />
      </>
    );
  }
  return (
    <>
      {header}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField
          label="Search products"
          placeholder="Search products..."
          value={searchText}
          onChange={setSearchText}
          className="flex-1 sm:max-w-xl"
        />
        <PriceRange
          // Started afresh when the URL's range changes (Apply, Clear, Back), so its fields show that range.
          key={`${filters.minPrice}-${filters.maxPrice}`}
          minPrice={filters.minPrice}
          maxPrice={filters.maxPrice}
          onChange={(min, max) =>
            filters.update({ min: normalizePriceParam(min) || null, max: normalizePriceParam(max) || null })
          }
        />
      </div>

      <div
        role="group"
        aria-label="Categories"
        className="-mx-4 mb-3 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:px-0"
      >
        {[ALL_CATEGORIES, ...CATEGORIES].map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={filters.category === name}
            className={chipClass(filters.category === name)}
            onClick={() => filters.update({ category: name === ALL_CATEGORIES ? null : name, sub: null })}
          >
            {name}
          </button>
        ))}
      </div>

      {isCategory(filters.category) ? (
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-ink-muted">Filter by:</span>
          {(CATEGORY_TREE[filters.category] as readonly string[]).map((sub) => {
            const active = filters.subcategories.includes(sub);
            return (
              <button
                key={sub}
                type="button"
                aria-pressed={active}
                className={chipClass(active)}
                onClick={() => {
                  const next = active
                    ? filters.subcategories.filter((value) => value !== sub)
                    : [...filters.subcategories, sub];
                  filters.update({ sub: next.join(',') || null });
                }}
              >
                {sub}
              </button>
            );
          })}
          {filters.subcategories.length ? (
            <button
              type="button"
              className="text-sm font-semibold text-brand-ink hover:underline"
              onClick={() => filters.update({ sub: null })}
            >
              Clear filters
            </button>
          ) : null}
        </div>
      ) : null}

      {filters.search && answered && query.data ? (
        <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
          {CATALOGUE_MESSAGES.searchResults(total, filters.search)}
        </p>
      ) : null}

      {isCategory(filters.category) && query.data ? (
        <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
          {`Showing ${filters.subcategories.length || !answered ? items.length : total} products in ${filters.category}`}
          {filters.subcategories.length ? ` > ${filters.subcategories.join(', ')}` : ''}
        </p>
      ) : null}

      <div className="relative">
        {overlay ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center rounded-2xl bg-page/70 pt-16 backdrop-blur-[1px]">
            <p
              role="status"
              className="rounded-full bg-surface px-4 py-2 text-sm font-semibold text-ink shadow"
            >
              Filtering products...
            </p>
          </div>
        ) : null}
        {query.isError && !query.data ? (
          <EmptyState icon={PackageSearch} title={getErrorMessage(query.error)}>
            <button
              type="button"
              className={getButtonClass({ size: 'sm' })}
              onClick={() => void query.refetch()}
            >
              {APP_MESSAGES.tryAgain}
            </button>
          </EmptyState>
        ) : (
          <PagedProductGrid items={items} loading={query.isPending} loadingMore={query.isFetchingNextPage} />
        )}
        <div ref={sentinel} aria-hidden="true" className="h-px" />
      </div>
    </>
  );
}

/**
 * docs/product.md "Shop", "Search debounce": the overlay shows for FILTER_OVERLAY_MS from each change of the
 * filters (`filterKey`), and for as long after as the list still shows the previous filters' products while the
 * new ones load.
 */
function useFilteringOverlay(filterKey: string, loading: boolean): boolean {
  const [shownFor, setShownFor] = useState(filterKey);
  const [timing, setTiming] = useState(false);
  if (filterKey !== shownFor) {
    setShownFor(filterKey);
    setTiming(true);
  }
  useEffect(() => {
    if (!timing) return undefined;
    const timer = setTimeout(() => setTiming(false), FILTER_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [timing, shownFor]);
  return timing || loading;
}
