// How the Loot Box dialog's quote reaches the seller (docs/product.md "Loot Box dialog", "Client-only outbound
// links"): a WhatsApp message when the seller has a WhatsApp number, else a web-mail compose window when they have
// an e-mail, else the clipboard, with the shopper told to contact the seller directly.
import type { SellerContact } from '../../../shared/domain/cart.ts';
import {
  buildEmailComposeUrl,
  buildWhatsAppUrl,
  isValidEmail,
  isValidPhone,
  normalizeContactEntry,
} from '../../../shared/domain/contact.ts';
import { QUOTE_MESSAGES } from '../../../shared/lootbox-messages.ts';

export type QuoteRoute =
  { channel: 'whatsapp'; phone: string } | { channel: 'email'; email: string } | { channel: 'clipboard' };

/**
 * The seller's way in, from the contact entries of the selected products (one seller, docs/product.md "Seller
 * grouping"; one product may carry an entry another lacks): the first valid WhatsApp number, else the first valid
 * e-mail, else the clipboard. An entry that fails its check ("Phone", "E-mail") is no way in.
 */
export function chooseQuoteRoute(contacts: readonly SellerContact[]): QuoteRoute {
  const whatsapp = contacts
    .map((contact) => normalizeContactEntry(contact.whatsapp))
    .find((entry) => entry && isValidPhone(entry));
  if (whatsapp) return { channel: 'whatsapp', phone: whatsapp };
  const email = contacts
    .map((contact) => normalizeContactEntry(contact.email))
    .find((entry) => entry && isValidEmail(entry));
  return email ? { channel: 'email', email } : { channel: 'clipboard' };
}

/** Opens a web link in a new tab that has no handle back on this page. */
function openWindow(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Sends the quote text by the route and answers the toast to show; throws when it could not (the caller says
 * 'Failed to send quote request.'). With 'noopener' the browser answers no window, so a new tab it refused cannot
 * be told from one it opened: the form's submit is a click, which popup blockers let through.
 */
export async function deliverQuote(route: QuoteRoute, text: string): Promise<string> {
  switch (route.channel) {
    case 'whatsapp':
      openWindow(buildWhatsAppUrl(route.phone, text));
      return QUOTE_MESSAGES.redirectingWhatsApp;
    case 'email':
      openWindow(buildEmailComposeUrl({ to: route.email, subject: QUOTE_MESSAGES.subject, body: text }));
      return QUOTE_MESSAGES.openingGmail;
    case 'clipboard':
      // Missing outside secure contexts: the TypeError is a failure like a refused write.
      await navigator.clipboard.writeText(text);
      return QUOTE_MESSAGES.copied;
  }
}
