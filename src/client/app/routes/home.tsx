import { ArrowRight, Flame, PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { HOME_PRODUCTS_LIMIT, NEW_ARRIVALS_DISPLAYED } from '../../../shared/constants.ts';
import { APP_MESSAGES } from '../../../shared/messages.ts';
import { useProductList } from '../../features/products/api/products.ts';
import { ProductCard } from '../../features/products/components/product-card.tsx';
import { getErrorMessage } from '../../lib/api-client.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { CategoryStrip } from '../../features/home/components/category-strip.tsx';
import { HomeHero } from '../../features/home/components/home-hero.tsx';
import { HomeSection } from '../../features/home/components/home-section.tsx';
import { SubcategoryTiles } from '../../features/home/components/subcategory-tiles.tsx';
import { ELECTRONICS_PICKS, EXPLORE_CATEGORIES, FASHION_PICKS } from '../../features/home/home-categories.ts';

function NewArrivals() {
  const query = useProductList({ sort: 'newest', limit: HOME_PRODUCTS_LIMIT });
  // Spec §4 "Home loading": nothing is shown while loading.
  if (query.isPending) return null;
  if (query.isError) return <EmptyState icon={PackageOpen} title={getErrorMessage(query.error)} />;
  const items = query.data.pages[0]?.items.slice(0, NEW_ARRIVALS_DISPLAYED) ?? [];
  if (items.length === 0) return <EmptyState icon={PackageOpen} title={APP_MESSAGES.newArrivalsEmpty} />;
  return (
    <div className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-3 md:overflow-visible md:px-0 lg:grid-cols-6">
      {items.map((product) => (
        <div key={product.id} className="w-40 shrink-0 snap-start md:w-auto">
          <ProductCard product={product} />
        </div>
      ))}
    </div>
  );
}

// Sections in the spec's order. Hot Deals and New Arrivals fill in when the product listings arrive.
export function Component() {
  return (
    <div className="flex flex-col gap-10">
      <title>Lootklip · Shop what creators love</title>
      <h1 className="sr-only">Lootklip</h1>
      <HomeSection id="explore-categories" title="Explore Categories">
        <CategoryStrip categories={EXPLORE_CATEGORIES} />
      </HomeSection>
      <HomeHero />
      <HomeSection id="best-of-electronics" title="Best of Electronics">
        <SubcategoryTiles category="Electronics" items={ELECTRONICS_PICKS} />
      </HomeSection>
      <HomeSection id="fashion-at-your-door" title="Fashion at your Door">
        <SubcategoryTiles category="Fashion" items={FASHION_PICKS} />
      </HomeSection>
      <HomeSection id="hot-deals" title="Hot Deals">
        <EmptyState icon={Flame} title={APP_MESSAGES.hotDealsEmpty} />
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
        <NewArrivals />
      </HomeSection>
    </div>
  );
}
