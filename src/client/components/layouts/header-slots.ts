// What the app hands the layout to show (docs/architecture.md "Shape": the app composes feature pieces into the
// layouts, which import no feature). The header shows `lootBox` in place of its own empty Loot Box button,
// `notifications` in place of its empty activity button, and its search box offers `searchSuggestions`.
import { createContext, useContext, type ComponentType, type ReactNode, type RefObject } from 'react';

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

export interface HeaderSlots {
  /** The signed-in header's Loot Box button and dropdown. */
  lootBox?: ReactNode;
  /** The signed-in header's notifications button and panel (docs/product.md "Notifications"). */
  notifications?: ReactNode;
  /** The search box's suggestions and recent searches (decision 0082). */
  searchSuggestions?: SearchSuggestionsSlot;
}

export const HeaderSlotsContext = createContext<HeaderSlots>({});

export function useHeaderSlots(): HeaderSlots {
  return useContext(HeaderSlotsContext);
}
