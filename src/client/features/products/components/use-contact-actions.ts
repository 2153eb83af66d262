// What happens when a contact row is used (docs/product.md "Error texts: Contact and quote"): the entry is
// checked, web links open in a new tab that cannot reach back into this page, tel: goes to the device, and every
// outcome is told in a toast.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { TOAST_DEFAULT_MS } from '../../../../shared/constants.ts';
import { showContactError, showContactSuccess, showCopyToast, type CopyOffer } from './contact-toasts.tsx';

export type ContactTarget = {
  key: string;
  /**
   * null when the entry fails its check (docs/product.md "Contact entries"): the row stays, and says why when
   * used.
   */
  href: string | null;
  invalid: string;
  opening: string;
  failed: string;
  /** Web links open in a new tab; tel: is handed to the device. */
  newTab: boolean;
  /** When the browser refuses the new tab: the toast that offers a copy instead. */
  unavailable?: { message: string; offer: CopyOffer };
  /** On devices that rarely place calls (no touch screen), the call toast offers the number too. */
  callOffer?: CopyOffer;
};

/** Opens a web link in a new tab without a handle back on this page; false when the browser refused. */
function openInNewTab(url: string): boolean {
  // Not the 'noopener' feature: with it window.open always answers null, so a refusal could not be told apart.
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}

/** Ctrl/Cmd/Shift/middle clicks ask the browser for a tab or window of their own: it does that itself. */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
}

function canPlaceCalls(): boolean {
  return window.matchMedia('(pointer: coarse)').matches;
}

export function useContactActions() {
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const busyTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(busyTimer.current), []);

  // The acting button stays busy while its 'Opening ...' toast shows, so a second click opens no second tab.
  function markBusy(key: string) {
    setBusyKey(key);
    window.clearTimeout(busyTimer.current);
    busyTimer.current = window.setTimeout(() => setBusyKey(null), TOAST_DEFAULT_MS);
  }

  function onActivate(target: ContactTarget, event: MouseEvent<HTMLElement>) {
    if (!target.href) {
      event.preventDefault();
      showContactError(target.invalid);
      return;
    }
    if (busyKey === target.key) {
      event.preventDefault();
      return;
    }
    if (isModifiedClick(event)) return;
    try {
      if (target.newTab) {
        event.preventDefault();
        if (!openInNewTab(target.href)) {
          if (target.unavailable)
            showCopyToast('error', target.unavailable.message, target.unavailable.offer);
          else showContactError(target.failed);
          return;
        }
      }
      markBusy(target.key);
      if (target.callOffer && !canPlaceCalls()) showCopyToast('success', target.opening, target.callOffer);
      else showContactSuccess(target.opening);
    } catch {
      event.preventDefault();
      showContactError(target.failed);
    }
  }

  return { busyKey, onActivate };
}
