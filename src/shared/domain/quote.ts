// The Loot Box dialog's quote (docs/product.md "Quote request", "Quote form", "Quote text"): the lines, the form's
// checks and the one text sent by WhatsApp, e-mail or the clipboard. Prices come from priceLine (toQuoteLine); the
// text only formats them.
import { CATALOGUE_MESSAGES } from '../catalogue-messages.ts';
import { QUOTE_MESSAGES } from '../lootbox-messages.ts';
import type { CartItem } from './cart.ts';
import { isValidEmail, isValidPhone } from './contact.ts';
import type { OfferLinePrice } from './offers.ts';
import { formatPrice, paiseToRupees, rupeesToPaise, type Paise } from './pricing.ts';

/** docs/product.md "Quote request": one line of a quote. Prices in rupees; price is the unit's final price. */
export interface QuoteLine {
  id: string;
  name: string;
  price: number;
  quantity: number;
  originalPrice: number;
  discount: number;
  link: string;
}

/** A quote line from a cart item priced by priceLine at the dialog's quantity (which may differ from the cart's). */
export function toQuoteLine(item: CartItem, price: OfferLinePrice, link: string): QuoteLine {
  return {
    id: item.productId,
    name: item.name,
    price: paiseToRupees(price.unit.finalPrice),
    quantity: price.quantity,
    originalPrice: paiseToRupees(price.unit.originalPrice),
    discount: item.discount,
    link,
  };
}

/** docs/product.md "Quote request": the form. */
export interface QuoteForm {
  name: string;
  email: string;
  phone: string;
  additionalInfo: string;
}

export type QuoteFormErrors = Partial<Record<'name' | 'email' | 'phone', string>>;

export type QuoteFormResult = { ok: true; form: QuoteForm } | { ok: false; errors: QuoteFormErrors };

/**
 * docs/product.md "Quote form", "Phone", "E-mail": name, e-mail and phone required, the e-mail and phone checked
 * with their rules and texts; additional information optional. Fields are trimmed.
 */
export function validateQuoteForm(input: QuoteForm): QuoteFormResult {
  const form: QuoteForm = {
    name: input.name.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    additionalInfo: input.additionalInfo.trim(),
  };
  const errors: QuoteFormErrors = {};
  if (!form.name) errors.name = QUOTE_MESSAGES.required;
  if (!form.email) errors.email = QUOTE_MESSAGES.required;
  else if (!isValidEmail(form.email)) errors.email = CATALOGUE_MESSAGES.invalidEmail;
  if (!form.phone) errors.phone = QUOTE_MESSAGES.required;
  else if (!isValidPhone(form.phone)) errors.phone = CATALOGUE_MESSAGES.invalidPhone;
  return Object.keys(errors).length === 0 ? { ok: true, form } : { ok: false, errors };
}

function lineTotal(line: QuoteLine): Paise {
  return (rupeesToPaise(line.price) * line.quantity) as Paise;
}

/** The quote's total: each line's unit price times its quantity, in paise. */
export function quoteTotal(lines: readonly QuoteLine[]): Paise {
  return lines.reduce((total, line) => total + lineTotal(line), 0) as Paise;
}

/**
 * docs/product.md "Quote text": a greeting, one numbered line per item with its quantity and price (and its link),
 * `Total Value: ₹...`, then the shopper's name, e-mail, phone and, when given, additional information.
 */
export function buildQuoteText(lines: readonly QuoteLine[], shopper: QuoteForm): string {
  const items = lines.flatMap((line, index) => {
    const text = QUOTE_MESSAGES.line(
      index + 1,
      line.name,
      line.quantity,
      formatPrice(rupeesToPaise(line.price)),
      formatPrice(lineTotal(line)),
    );
    return line.link ? [text, `   ${line.link}`] : [text];
  });
  const contact = [
    QUOTE_MESSAGES.name(shopper.name.trim()),
    QUOTE_MESSAGES.email(shopper.email.trim()),
    QUOTE_MESSAGES.phone(shopper.phone.trim()),
  ];
  const additionalInfo = shopper.additionalInfo.trim();
  if (additionalInfo) contact.push(QUOTE_MESSAGES.additionalInfo(additionalInfo));
  return [
    QUOTE_MESSAGES.greeting,
    '',
    ...items,
    '',
    QUOTE_MESSAGES.totalValue(formatPrice(quoteTotal(lines))),
    '',
    ...contact,
  ].join('\n');
}
