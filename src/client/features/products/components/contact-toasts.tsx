// Toasts of the contact dialog (docs/product.md "Error texts: Contact and quote"; "Toasts": 2 s, and 5 s for copy
// fallbacks). They go to the
// dialog's own toaster: a modal dialog hides the rest of the page from screen readers and from the pointer.
import { TOAST_COPY_FALLBACK_MS, TOAST_DEFAULT_MS } from '../../../../shared/constants.ts';
import { toast } from '../../../lib/toast.ts';

export const CONTACT_TOASTER_ID = 'contact-dialog';

const DEFAULT_OPTIONS = { toasterId: CONTACT_TOASTER_ID, duration: TOAST_DEFAULT_MS };

export function showContactSuccess(message: string): void {
  toast.success(message, DEFAULT_OPTIONS);
}

export function showContactError(message: string): void {
  toast.error(message, DEFAULT_OPTIONS);
}

/** What a copy button copies, and what it says afterwards. */
export type CopyOffer = { label: string; value: string; copied: string; failed: string };

async function copyText({ value, copied, failed }: CopyOffer): Promise<void> {
  try {
    // Missing outside secure contexts: the TypeError lands in the catch like a refused write.
    await navigator.clipboard.writeText(value);
    showContactSuccess(copied);
  } catch {
    showContactError(failed);
  }
}

/** A toast with a button that copies what could not be opened ('Unable to open WhatsApp' + 'Copy Number'). */
export function showCopyToast(kind: 'success' | 'error', message: string, offer: CopyOffer): void {
  toast[kind](
    (current) => (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>{message}</span>
        <button
          type="button"
          onClick={() => {
            toast.dismiss(current.id, CONTACT_TOASTER_ID);
            void copyText(offer);
          }}
          className="rounded-full border border-stone-300 px-3 py-1 text-sm font-semibold text-stone-900 hover:bg-stone-100"
        >
          {offer.label}
        </button>
      </span>
    ),
    { toasterId: CONTACT_TOASTER_ID, duration: TOAST_COPY_FALLBACK_MS },
  );
}
