// /search?q= (decision 0082): the marketplace search's results, one request for all four sections (products, klips,
// Shop Stars, offers), each with its count and 'See all'; with &section= one section paged as the shopper scrolls.
// Answers stay cached, so Back from a result finds the page as it was, and the scroll manager puts it where it was.
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_SECTION_PREVIEW } from '../../../shared/constants.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import type { SearchSection } from '../../../shared/contracts/search.ts';
import { SEARCH_MESSAGES } from '../../../shared/search-messages.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ListErrorState } from '../../components/ui/list-error-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { KlipCard, KlipCardSkeleton } from '../../features/klips/components/klip-card.tsx';
import { KlipGrid, PagedKlipGrid } from '../../features/klips/components/klip-grid.tsx';
import { writeKlipHandoff } from '../../features/klips/klip-handoff.ts';
import { OfferCard, OfferCardSkeleton } from '../../features/offers/components/offer-card.tsx';
import { OfferOwnerActions } from '../../features/offers/components/offer-owner-actions.tsx';
import { ProductCard, ProductCardSkeleton } from '../../features/products/components/product-card.tsx';
import { PagedProductGrid, ProductGrid } from '../../features/products/components/product-grid.tsx';
import { useSearchResults, useSearchSection } from '../../features/search/api/search.ts';
import { SearchSection as ResultsSection } from '../../features/search/components/search-section.tsx';
import {
  ShopStarCard,
  ShopStarCardSkeleton,
  ShopStarGrid,
} from '../../features/search/components/shop-star-card.tsx';
import { useInfiniteScroll } from '../../hooks/use-infinite-scroll.ts';

const isSearchSection = (value: string | null): value is SearchSection =>
  value !== null && Object.hasOwn(SEARCH_MESSAGES.sections, value);

/** The words of a query as the server compares them, to tell a corrected query from the one typed. */
const normalizeWords = (text: string) => text.trim().toLowerCase().split(/\s+/).join(' ');

export function Component() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const section = params.get('section');
  if (!q) {
    return (
      <>
        <PageHeader title={SEARCH_MESSAGES.noQuery} />
        <EmptyState icon={SearchX} title={SEARCH_MESSAGES.noQuery}>
          {SEARCH_MESSAGES.noQueryHint}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title={SEARCH_MESSAGES.title(q)} />
      {/* Keyed by the query, so a new search starts at its top. */}
      {isSearchSection(section) ? (
        <SectionResults key={`${section}-${q}`} section={section} q={q} />
      ) : (
        <AllResults key={q} q={q} />
      )}
    </>
  );
}

/** Opens a klip as a creator's profile does: the Klips page plays it (docs/product.md "Klips"). */
function useOpenKlip(): (klip: Klip) => void {
  const navigate = useNavigate();
  return (klip) => {
    writeKlipHandoff(klip.id);
    void navigate(paths.klips.getHref());
  };
}

function AllResults({ q }: { q: string }) {
  const query = useSearchResults(q);
  const openKlip = useOpenKlip();
  if (query.isError && !query.data) {
    return (
      <ListErrorState
        icon={SearchX}
        title={SEARCH_MESSAGES.failed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isPending) return <ResultsSkeleton />;

  const { searchedFor, products, klips, shopstars, offers } = query.data;
  const names = SEARCH_MESSAGES.sections;
  const corrected = searchedFor.trim() !== '' && normalizeWords(searchedFor) !== normalizeWords(q);
  const empty = products.total + klips.total + shopstars.total + offers.total === 0;
  return (
    <>
      {corrected ? (
        <p className="-mt-3 mb-6 text-ink-muted">{SEARCH_MESSAGES.correctedTo(searchedFor)}</p>
      ) : null}
      {empty ? (
        <EmptyState icon={SearchX} title={SEARCH_MESSAGES.noResults(q)}>
          {SEARCH_MESSAGES.noResultsHint}
        </EmptyState>
      ) : null}
      {products.total > 0 ? (
        <ResultsSection name={names.products} total={products.total} seeAllHref={paths.shop.getHref(q)}>
          <ProductGrid>
            {products.items.map((product, index) => (
              <ProductCard key={product.id} product={product} eager={index < SEARCH_SECTION_PREVIEW} />
            ))}
          </ProductGrid>
        </ResultsSection>
      ) : null}
      {klips.total > 0 ? (
        <ResultsSection name={names.klips} total={klips.total} seeAllHref={paths.search.getHref(q, 'klips')}>
          <KlipGrid label={names.klips}>
            {klips.items.map((klip) => (
              <KlipCard key={klip.id} klip={klip} onOpen={openKlip} />
            ))}
          </KlipGrid>
        </ResultsSection>
      ) : null}
      {shopstars.total > 0 ? (
        <ResultsSection
          name={names.shopstars}
          total={shopstars.total}
          seeAllHref={paths.search.getHref(q, 'shopstars')}
        >
          <ShopStarGrid label={names.shopstars}>
            {shopstars.items.map((shopStar) => (
              <ShopStarCard key={shopStar.uid} shopStar={shopStar} />
            ))}
          </ShopStarGrid>
        </ResultsSection>
      ) : null}
      {offers.total > 0 ? (
        <ResultsSection
          name={names.offers}
          total={offers.total}
          seeAllHref={paths.search.getHref(q, 'offers')}
        >
          <OfferGrid>
            {offers.items.map((offer) => (
              <OfferCard key={offer.id} offer={offer} ownerActions={<OfferOwnerActions offer={offer} />} />
            ))}
          </OfferGrid>
        </ResultsSection>
      ) : null}
    </>
  );
}

function ResultsSkeleton() {
  const range = Array.from({ length: SEARCH_SECTION_PREVIEW }, (_, index) => index);
  const heading = <div aria-hidden="true" className="mb-4 h-7 w-40 animate-pulse rounded bg-surface-muted" />;
  return (
    <div aria-busy="true">
      {heading}
      <div className="mb-10">
        <ProductGrid>
          {range.map((index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </ProductGrid>
      </div>
      {heading}
      <KlipGrid label={SEARCH_MESSAGES.sections.klips}>
        {range.map((index) => (
          <KlipCardSkeleton key={index} />
        ))}
      </KlipGrid>
    </div>
  );
}

function OfferGrid({ children }: { children: ReactNode }) {
  return <div className="grid items-start gap-4 md:grid-cols-2 md:gap-5">{children}</div>;
}

/** One section, all of it, a page at a time as the sentinel under it comes into view. */
function SectionResults({ section, q }: { section: SearchSection; q: string }) {
  const View = SECTION_VIEWS[section];
  return (
    <>
      <Link
        to={paths.search.getHref(q)}
        className="mb-4 inline-block text-sm font-semibold text-brand-ink hover:underline"
      >
        {`← ${SEARCH_MESSAGES.allResults}`}
      </Link>
      <View q={q} name={SEARCH_MESSAGES.sections[section]} />
    </>
  );
}

/** A section's pages as one list, its count, and the sentinel that asks for the next page. */
function usePagedSection<Section extends SearchSection>(section: Section, q: string) {
  const query = useSearchSection(section, q);
  const sentinel = useInfiniteScroll({
    enabled: query.hasNextPage && !query.isFetchingNextPage && !query.isError,
    onReach: () => void query.fetchNextPage(),
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { query, items, total: query.data?.pages[0]?.total, sentinel };
}

type PagedSection = ReturnType<typeof usePagedSection>;

function SectionLayout({
  name,
  paged,
  children,
}: {
  name: string;
  paged: PagedSection;
  children: ReactNode;
}) {
  const { query, total, sentinel } = paged;
  return (
    <section aria-label={name}>
      {total !== undefined ? (
        <h2 className="mb-4 text-xl font-bold text-ink">{SEARCH_MESSAGES.sectionHeading(name, total)}</h2>
      ) : null}
      {query.isError && !query.data ? (
        <ListErrorState
          icon={SearchX}
          title={SEARCH_MESSAGES.failed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        children
      )}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
    </section>
  );
}

function ProductsSection({ q, name }: { q: string; name: string }) {
  const paged = usePagedSection('products', q);
  return (
    <SectionLayout name={name} paged={paged}>
      <PagedProductGrid
        items={paged.items}
        loading={paged.query.isPending}
        loadingMore={paged.query.isFetchingNextPage}
      />
    </SectionLayout>
  );
}

function KlipsSection({ q, name }: { q: string; name: string }) {
  const paged = usePagedSection('klips', q);
  const openKlip = useOpenKlip();
  return (
    <SectionLayout name={name} paged={paged}>
      <PagedKlipGrid
        label={name}
        klips={paged.items}
        loading={paged.query.isPending}
        loadingMore={paged.query.isFetchingNextPage}
        onOpen={openKlip}
      />
    </SectionLayout>
  );
}

function ShopStarsSection({ q, name }: { q: string; name: string }) {
  const paged = usePagedSection('shopstars', q);
  const { isPending, isFetchingNextPage } = paged.query;
  return (
    <SectionLayout name={name} paged={paged}>
      {!isPending && paged.items.length === 0 ? (
        <EmptyState icon={SearchX} title={SEARCH_MESSAGES.noMore(name)} />
      ) : (
        <ShopStarGrid label={name}>
          {paged.items.map((shopStar) => (
            <ShopStarCard key={shopStar.uid} shopStar={shopStar} />
          ))}
          {isPending || isFetchingNextPage
            ? Array.from({ length: SEARCH_SECTION_PREVIEW }, (_, index) => (
                <ShopStarCardSkeleton key={index} />
              ))
            : null}
        </ShopStarGrid>
      )}
    </SectionLayout>
  );
}

function OffersSection({ q, name }: { q: string; name: string }) {
  const paged = usePagedSection('offers', q);
  const { isPending, isFetchingNextPage } = paged.query;
  return (
    <SectionLayout name={name} paged={paged}>
      {!isPending && paged.items.length === 0 ? (
        <EmptyState icon={SearchX} title={SEARCH_MESSAGES.noMore(name)} />
      ) : (
        <OfferGrid>
          {paged.items.map((offer) => (
            <OfferCard key={offer.id} offer={offer} ownerActions={<OfferOwnerActions offer={offer} />} />
          ))}
          {isPending || isFetchingNextPage ? <OfferCardSkeleton /> : null}
        </OfferGrid>
      )}
    </SectionLayout>
  );
}

const SECTION_VIEWS: Record<SearchSection, (props: { q: string; name: string }) => ReactNode> = {
  products: ProductsSection,
  klips: KlipsSection,
  shopstars: ShopStarsSection,
  offers: OffersSection,
};
