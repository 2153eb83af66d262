// What the app hands the layout to show (docs/architecture.md "Shape": the app composes feature pieces into the
// layouts, which import no feature). The header shows `lootBox` in place of its own empty Loot Box button, and `notifications` in place of its
// empty activity button.
import { createContext, useContext, type ReactNode } from 'react';

export interface HeaderSlots {
  /** The signed-in header's Loot Box button and dropdown. */
  lootBox?: ReactNode;
  /** The signed-in header's notifications button and panel (docs/product.md "Notifications"). */
  notifications?: ReactNode;
}

export const HeaderSlotsContext = createContext<HeaderSlots>({});

export function useHeaderSlots(): HeaderSlots {
  return useContext(HeaderSlotsContext);
}
