// One section of the search's results page (decision 0082): its heading with the count, 'See all' to the whole
// section, and its first few results.
import { ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SEARCH_MESSAGES } from '../../../../shared/search-messages.ts';

export function SearchSection({
  name,
  total,
  seeAllHref,
  children,
}: {
  name: string;
  total: number;
  seeAllHref: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-10">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {SEARCH_MESSAGES.sectionHeading(name, total)}
        </h2>
        <Link
          to={seeAllHref}
          // 'See all' of which: one name per link, with the words it shows first.
          aria-label={`${SEARCH_MESSAGES.seeAll} ${name}`}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-ink hover:underline"
        >
          {SEARCH_MESSAGES.seeAll}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}
