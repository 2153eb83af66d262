import clsx from 'clsx';
import { Search } from 'lucide-react';
import { Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { paths } from '../../config/paths.ts';
import { useHeaderSlots, type ComboboxState } from './header-slots.ts';

const CLOSED: ComboboxState = { expanded: false, activeId: undefined };

/**
 * The header search: the marketplace search's results page (decision 0082). A plain GET form to /search, so that it
 * searches before the app's script has run too; on /search the box follows the URL's q.
 */
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
  const suggestions = useHeaderSlots().searchSuggestions;
  const urlQuery = pathname === paths.search.path ? (searchParams.get('q') ?? '') : null;
  const [query, setQuery] = useState(urlQuery ?? '');
  const [shownUrlQuery, setShownUrlQuery] = useState(urlQuery);
  const [suggesting, setSuggesting] = useState(false);
  const [combobox, setCombobox] = useState(CLOSED);
  const input = useRef<HTMLInputElement>(null);
  const listboxId = useId();

  // Follow the URL (back/forward, a recent search, 'See all') without fighting the user's typing.
  if (urlQuery !== shownUrlQuery) {
    setShownUrlQuery(urlQuery);
    if (urlQuery !== null) setQuery(urlQuery);
  }

  function onFocus(): void {
    if (!suggestions || suggesting) return;
    void suggestions.Suggestions.preload();
    setSuggesting(true);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const search = query.trim();
    suggestions?.recordSearch(search);
    void navigate(paths.search.getHref(search));
    onSearch?.();
  }

  const Suggestions = suggestions?.Suggestions;
  return (
    <form
      role="search"
      action={paths.search.path}
      method="get"
      onSubmit={onSubmit}
      className={clsx('relative', className)}
    >
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle"
      />
      <input
        ref={input}
        type="search"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onFocus={onFocus}
        placeholder={APP_MESSAGES.searchPlaceholder}
        aria-label="Search Lootklip"
        {...(Suggestions
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': combobox.expanded,
              'aria-controls': listboxId,
              'aria-activedescendant': combobox.activeId,
            }
          : {})}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        className="h-10 w-full rounded-full border border-line bg-surface-muted pr-4 pl-10 text-sm text-ink placeholder:text-ink-subtle focus:border-brand focus:bg-surface focus:outline-none focus-visible:outline-2 focus-visible:outline-focus"
      />
      {Suggestions && suggesting ? (
        <Suspense fallback={null}>
          <Suggestions
            input={input}
            listboxId={listboxId}
            query={query}
            onComboboxChange={setCombobox}
            onNavigate={(href) => {
              void navigate(href);
              onSearch?.();
            }}
            onClear={() => setQuery('')}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
