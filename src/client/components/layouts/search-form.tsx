import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { paths } from '../../config/paths.ts';

/** The header search: klips when on the klips page, products everywhere else (docs/product.md "Header search"). */
export function SearchForm({
  className,
  autoFocus,
  onSearch,
}: {
  className?: string;
  autoFocus?: boolean;
  onSearch?: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onKlips = pathname === paths.klips.path || pathname.startsWith(`${paths.klips.path}/`);
  const urlQuery = searchParams.get('search') ?? '';
  const [query, setQuery] = useState(urlQuery);
  const [shownUrlQuery, setShownUrlQuery] = useState(urlQuery);

  // Follow the URL (back/forward, or a search made elsewhere) without fighting the user's typing.
  if (urlQuery !== shownUrlQuery) {
    setShownUrlQuery(urlQuery);
    setQuery(urlQuery);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const search = query.trim();
    navigate(onKlips ? paths.klips.getHref(search) : paths.shop.getHref(search));
    onSearch?.();
  }

  return (
    <form role="search" onSubmit={onSubmit} className={clsx('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle"
      />
      <input
        type="search"
        name="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={APP_MESSAGES.searchPlaceholder}
        aria-label={onKlips ? 'Search klips' : 'Search products'}
        enterKeyHint="search"
        autoFocus={autoFocus}
        className="h-10 w-full rounded-full border border-line bg-surface-muted pr-4 pl-10 text-sm text-ink placeholder:text-ink-subtle focus:border-brand focus:bg-surface focus:outline-none focus-visible:outline-2 focus-visible:outline-focus"
      />
    </form>
  );
}
