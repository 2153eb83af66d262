import { ArrowRight, Flame, PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { APP_MESSAGES } from '../../../shared/messages.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { CategoryStrip } from '../../features/home/components/category-strip.tsx';
import { HomeHero } from '../../features/home/components/home-hero.tsx';
import { HomeSection } from '../../features/home/components/home-section.tsx';
import { SubcategoryTiles } from '../../features/home/components/subcategory-tiles.tsx';
import { ELECTRONICS_PICKS, EXPLORE_CATEGORIES, FASHION_PICKS } from '../../features/home/home-categories.ts';

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
        <EmptyState icon={PackageOpen} title={APP_MESSAGES.newArrivalsEmpty} />
      </HomeSection>
    </div>
  );
}
