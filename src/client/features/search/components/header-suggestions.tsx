// The header box's list (decision 0082), an ARIA 1.2 combobox's listbox: suggestions for what is typed (debounced,
// the previous list kept while the next loads), the recent searches in an empty box. The arrow keys move through it,
// Enter goes to the option, Escape closes it (and then empties the box); focus stays in the box throughout.
import clsx from 'clsx';
import { History, LayoutGrid, ShoppingBag, Star, X, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import type { Suggestion } from '../../../../shared/contracts/search.ts';
import { SUGGESTION_MESSAGES } from '../../../../shared/search-messages.ts';
import type { SearchSuggestionsProps } from '../../../components/layouts/header-slots.ts';
import { paths } from '../../../config/paths.ts';
import { useSuggestions } from '../api/suggestions.ts';
import { forgetRecentSearch, readRecentSearches, recordRecentSearch } from '../recent-searches.ts';

export { recordRecentSearch };

type Option = { kind: Suggestion['kind'] | 'recent'; label: string; href: string };

const KIND_ICONS: Record<Option['kind'], LucideIcon> = {
  product: ShoppingBag,
  category: LayoutGrid,
  shopstar: Star,
  recent: History,
};

const ROW = 'flex h-11 items-center';

export default function HeaderSuggestions({
  input,
  listboxId,
  query,
  onComboboxChange,
  onNavigate,
  onClear,
}: SearchSuggestionsProps) {
  const text = query.trim();
  // Asked for once the typing pauses; from nothing, not from the text there when this chunk arrived (typed meanwhile).
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useSuggestions(asked);
  const [recent, setRecent] = useState(readRecentSearches);
  // Mounted by the box's first focus: it has it now, unless it was already left again.
  const [focused, setFocused] = useState(() => document.activeElement === input.current);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);

  const showingRecent = text === '';
  const options: Option[] = showingRecent
    ? recent.map((label) => ({ kind: 'recent', label, href: paths.search.getHref(label) }))
    : (suggestions.data ?? []);
  const open = focused && !dismissed && options.length > 0;

  // A new list starts with no option chosen.
  const listKey = `${query}\n${options.map((option) => option.href).join('\n')}`;
  const [shownListKey, setShownListKey] = useState(listKey);
  if (listKey !== shownListKey) {
    setShownListKey(listKey);
    setActive(-1);
  }

  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const activeId = open && active >= 0 ? optionId(active) : undefined;
  useEffect(() => onComboboxChange({ expanded: open, activeId }), [open, activeId, onComboboxChange]);

  function choose(option: Option): void {
    if (option.kind === 'recent') setRecent(recordRecentSearch(option.label));
    setDismissed(true);
    onNavigate(option.href);
  }

  function remove(label: string): void {
    setRecent(forgetRecentSearch(label));
    setActive(-1);
  }

  // The box is the shell's: its focus and keys are listened to here, with what this render knows.
  const latest = useRef({ open, options, active, query, choose, remove, onClear });
  useEffect(() => {
    latest.current = { open, options, active, query, choose, remove, onClear };
  });
  useEffect(() => {
    const box = input.current;
    if (!box) return undefined;
    const onFocus = () => {
      setFocused(true);
      setDismissed(false);
      setRecent(readRecentSearches());
    };
    const onBlur = () => {
      setFocused(false);
      setActive(-1);
    };
    // Typing opens a list Escape or a search closed; a text that follows the URL (after a search) does not.
    const onInput = () => setDismissed(false);
    const onSubmit = () => {
      setDismissed(true);
      setActive(-1);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { open, options, active, query, choose, remove, onClear } = latest.current;
      const count = options.length;
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp': {
          if (count === 0) return;
          event.preventDefault();
          const down = event.key === 'ArrowDown';
          if (!open) {
            setDismissed(false);
            setActive(down ? 0 : count - 1);
          } else if (down) {
            setActive(active >= count - 1 ? 0 : active + 1);
          } else {
            setActive(active <= 0 ? count - 1 : active - 1);
          }
          return;
        }
        case 'Enter': {
          const option = open ? options[active] : undefined;
          if (!option) return; // the form's own submit: a search for the text
          event.preventDefault();
          choose(option);
          return;
        }
        case 'Escape':
          event.preventDefault();
          if (open) {
            setDismissed(true);
            setActive(-1);
          } else if (query) {
            onClear();
          }
          return;
        case 'Delete': {
          const option = open ? options[active] : undefined;
          if (option?.kind !== 'recent') return;
          event.preventDefault();
          remove(option.label);
          return;
        }
        default:
      }
    };
    const form = box.form;
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', onBlur);
    box.addEventListener('keydown', onKeyDown);
    box.addEventListener('input', onInput);
    form?.addEventListener('submit', onSubmit);
    return () => {
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', onBlur);
      box.removeEventListener('keydown', onKeyDown);
      box.removeEventListener('input', onInput);
      form?.removeEventListener('submit', onSubmit);
    };
  }, [input]);

  const label = showingRecent ? SUGGESTION_MESSAGES.recentSearches : SUGGESTION_MESSAGES.suggestions;
  // Keeps the focus in the box when an option or a remove button is pressed (mouse or touch).
  const keepFocus = (event: { preventDefault: () => void }) => event.preventDefault();
  return (
    <>
      <p role="status" className="sr-only">
        {open
          ? showingRecent
            ? SUGGESTION_MESSAGES.recentCount(options.length)
            : SUGGESTION_MESSAGES.count(options.length)
          : ''}
      </p>
      <div
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-2xl border border-line bg-surface py-1 shadow-lg"
      >
        {showingRecent ? (
          <p aria-hidden="true" className="px-4 pt-1 pb-1 text-xs font-semibold text-ink-muted">
            {label}
          </p>
        ) : null}
        <div className="relative">
          <ul id={listboxId} role="listbox" aria-label={label}>
            {options.map((option, index) => {
              const Icon = KIND_ICONS[option.kind];
              const kind =
                option.kind === 'recent'
                  ? SUGGESTION_MESSAGES.recent
                  : SUGGESTION_MESSAGES.kinds[option.kind];
              return (
                <li
                  key={`${option.kind}-${option.href}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={keepFocus}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(option)}
                  className={clsx(
                    ROW,
                    'cursor-pointer gap-3 px-4 text-sm text-ink',
                    showingRecent && 'pr-12',
                    index === active && 'bg-surface-muted',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-subtle" />
                  <span className="min-w-0 flex-1 truncate">{option.label}</span>
                  {/* The kind in words too, not by its icon alone. */}
                  <span className="shrink-0 text-xs text-ink-muted">
                    <span className="sr-only">, </span>
                    {kind}
                  </span>
                </li>
              );
            })}
          </ul>
          {/* Beside the list, not in it: a listbox holds only options. The keyboard removes with Delete. */}
          {showingRecent ? (
            <div className="absolute inset-y-0 right-0 flex flex-col">
              {options.map((option) => (
                <button
                  key={option.href}
                  type="button"
                  tabIndex={-1}
                  aria-label={SUGGESTION_MESSAGES.remove(option.label)}
                  onMouseDown={keepFocus}
                  onClick={() => remove(option.label)}
                  className={clsx(ROW, 'w-11 justify-center text-ink-subtle hover:text-ink')}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
