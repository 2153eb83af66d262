// Home (docs/product.md "Home", "Home loading"): categories, New Arrivals (a row of products on a phone's first
// screen, decision 0054b), the hero, two category pickers and Hot Deals. The three calls settle independently: a
// section shows nothing while it loads and its own message if it fails; only when all three fail does the page
// show one error with Try Again.
import { ArrowRight, Flame, PackageOpen, RefreshCw, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NEW_ARRIVALS_DISPLAYED, NEW_ARRIVALS_FIRST_SCREEN_PHOTOS } from '../../../shared/constants.ts';
import type { ProductListResponse } from '../../../shared/contracts/products.ts';
import { HOME_MESSAGES } from '../../../shared/home-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { getButtonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { HorizontalScroller } from '../../components/ui/horizontal-scroller.tsx';
import { paths } from '../../config/paths.ts';
import { useHomeContent } from '../../features/home/api/home-content.ts';
import { CategoryStrip } from '../../features/home/components/category-strip.tsx';
import { HomeHero } from '../../features/home/components/home-hero.tsx';
import { HomeSection } from '../../features/home/components/home-section.tsx';
import { SubcategoryTiles } from '../../features/home/components/subcategory-tiles.tsx';
import { ELECTRONICS_PICKS, EXPLORE_CATEGORIES, FASHION_PICKS } from '../../features/home/home-categories.ts';
import { ProductCard } from '../../features/products/components/product-card.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { PageTitle } from '../../components/ui/page-title.tsx';

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: ProductListResponse | undefined;
};

/** A failed product section: a sign-in prompt when the server wants a signed-in user, else its own message. */
function SectionError({ error, failed, signIn }: { error: unknown; failed: string; signIn: string }) {
  if (error instanceof ApiError && error.status === 401) {
    return (
      <EmptyState icon={PackageOpen} title={signIn}>
        <Link to={paths.auth.login.getHref()} className={getButtonClass({ size: 'sm', className: 'mt-1' })}>
          {APP_MESSAGES.signIn}
        </Link>
      </EmptyState>
    );
  }
  return <EmptyState icon={PackageOpen} title={failed} />;
}

function ProductSection({
  query,
  empty,
  emptyIcon,
  children,
}: {
  query: ListQuery;
  empty: string;
  emptyIcon: LucideIcon;
  children: (items: ProductListResponse['items']) => ReactNode;
}) {
  if (query.isPending || !query.data) return null;
  if (query.data.items.length === 0) return <EmptyState icon={emptyIcon} title={empty} />;
  return children(query.data.items);
}

/** The whole page failed: its message and Try Again, which reloads (docs/product.md "Home loading"). */
function PageFailed({ title, toastText }: { title: string; toastText?: string }) {
  useEffect(() => {
    if (toastText) toast.error(toastText);
  }, [toastText]);
  return (
    <EmptyState icon={RefreshCw} title={title} className="mt-6">
      <button
        type="button"
        className={getButtonClass({ size: 'sm', className: 'mt-1' })}
        onClick={() => window.location.reload()}
      >
        {APP_MESSAGES.tryAgain}
      </button>
    </EmptyState>
  );
}

/** A render error anywhere on Home that no section caught. */
export function ErrorBoundary() {
  return <PageFailed title={HOME_MESSAGES.unexpected} />;
}

export function Component() {
  const { newArrivals, deals, categories } = useHomeContent();
  if (newArrivals.isError && deals.isError && categories.isError)
    return <PageFailed title={HOME_MESSAGES.allFailed} toastText={HOME_MESSAGES.allFailedToast} />;
  const counts = categories.data
    ? new Map(categories.data.items.map((item) => [item.name, item.productCount]))
    : undefined;
  return (
    <div className="flex flex-col gap-10">
      <PageTitle>Lootklip · Shop what creators love</PageTitle>
      <h1 className="sr-only">Lootklip</h1>
      <HomeSection id="explore-categories" title="Explore Categories">
        <CategoryStrip categories={EXPLORE_CATEGORIES} counts={counts} />
      </HomeSection>
      <HomeSection
        id="new-arrivals"
        title="New Arrivals"
        action={
          <Link
            to={paths.shop.getHref()}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-ink hover:underline"
          >
            View More
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        }
      >
        {newArrivals.isError ? (
          <SectionError
            error={newArrivals.error}
            failed={HOME_MESSAGES.newArrivalsFailed}
            signIn={HOME_MESSAGES.newArrivalsSignIn}
          />
        ) : (
          <ProductSection query={newArrivals} empty={APP_MESSAGES.newArrivalsEmpty} emptyIcon={PackageOpen}>
            {(items) => (
              <HorizontalScroller label="New Arrivals list">
                {items.slice(0, NEW_ARRIVALS_DISPLAYED).map((product, index) => (
                  <div key={product.id} className="grid w-40 shrink-0 snap-start sm:w-48 lg:w-56">
                    <ProductCard product={product} eager={index < NEW_ARRIVALS_FIRST_SCREEN_PHOTOS} />
                  </div>
                ))}
              </HorizontalScroller>
            )}
          </ProductSection>
        )}
      </HomeSection>
      <HomeHero />
      <HomeSection id="best-of-electronics" title="Best of Electronics">
        <SubcategoryTiles category="Electronics" items={ELECTRONICS_PICKS} />
      </HomeSection>
      <HomeSection id="fashion-at-your-door" title="Fashion at your Door">
        <SubcategoryTiles category="Fashion" items={FASHION_PICKS} />
      </HomeSection>
      <HomeSection id="hot-deals" title="Hot Deals">
        {deals.isError ? (
          <SectionError
            error={deals.error}
            failed={HOME_MESSAGES.dealsFailed}
            signIn={HOME_MESSAGES.dealsSignIn}
          />
        ) : (
          <ProductSection query={deals} empty={APP_MESSAGES.hotDealsEmpty} emptyIcon={Flame}>
            {(items) => (
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
                {items.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} badge={HOME_MESSAGES.dealBadge} />
                  </li>
                ))}
              </ul>
            )}
          </ProductSection>
        )}
      </HomeSection>
    </div>
  );
}
