// What the app hands the layout to show (docs/architecture.md "Shape": the app composes feature pieces into the
// layouts, which import no feature). The header shows `lootBox` in place of its own empty Loot Box button.
import { createContext, useContext, type ReactNode } from 'react';

export interface HeaderSlots {
  /** The signed-in header's Loot Box button and dropdown. */
  lootBox?: ReactNode;
}

export const HeaderSlotsContext = createContext<HeaderSlots>({});

export function useHeaderSlots(): HeaderSlots {
  return useContext(HeaderSlotsContext);
}
