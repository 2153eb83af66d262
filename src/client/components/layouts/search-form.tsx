import clsx from 'clsx';
import { Search } from 'lucide-react';
import {
  createContext,
  Suspense,
  useContext,
  useId,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
  type RefObject,
} from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { paths } from '../../config/paths.ts';

/** What the combobox's input shows of its list: open or not, and the option the arrow keys are on. */
export type ComboboxState = { expanded: boolean; activeId: string | undefined };

/** What the header's box hands its suggestions list (decision 0082), once the list's chunk is in. */
export type SearchSuggestionsProps = {
  /** The box: the list follows its focus and reads its keys. */
  input: RefObject<HTMLInputElement | null>;
  listboxId: string;
  /** The text in the box. */
  query: string;
  onComboboxChange: (state: ComboboxState) => void;
  /** An option was chosen: go where it leads. */
  onNavigate: (href: string) => void;
  /** Escape on a closed list empties the box. */
  onClear: () => void;
};

/**
 * The suggestions as you type and the recent searches (decision 0082): a feature's piece, so the app hands it to the
 * header (the layouts import no feature); its code is fetched on the box's first focus, keeping the shell lean.
 */
export type SearchSuggestionsSlot = {
  Suggestions: ComponentType<SearchSuggestionsProps> & { preload: () => Promise<unknown> };
  /** Remembers a submitted search on the device. */
  recordSearch: (query: string) => void;
};

export const SearchSuggestionsContext = createContext<SearchSuggestionsSlot | null>(null);

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
  const suggestions = useContext(SearchSuggestionsContext);
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
