// The header search's suggestions as the app hands them to the header (HeaderSlots, decision 0082):
// the list's chunk is fetched on the box's first focus, or when a search is submitted before that, to remember it.
import type { SearchSuggestionsSlot } from '../../components/layouts/header-slots.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';

const load = () => import('./components/header-suggestions.tsx');

export const SEARCH_SUGGESTIONS_SLOT: SearchSuggestionsSlot = {
  Suggestions: lazyWithPreload(load),
  recordSearch: (query) => void load().then((module) => module.recordRecentSearch(query)),
};
