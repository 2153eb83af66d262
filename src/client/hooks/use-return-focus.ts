import { useRef } from 'react';

/**
 * Radix Dialog hands focus back only to its own Dialog.Trigger. Our sheets and drawer are opened by ordinary
 * buttons (tabs, the header toggle), so they remember whatever had focus when they opened and return it there.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onRememberOpener: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onReturnFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
