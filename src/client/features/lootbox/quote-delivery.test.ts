// Which way a quote goes (docs/product.md "Loot Box dialog"): WhatsApp, else e-mail, else the clipboard; an entry
// that fails its check is no way in.
import { describe, expect, it } from 'vitest';
import { chooseQuoteRoute } from './quote-delivery.ts';

describe('chooseQuoteRoute', () => {
  it('takes the WhatsApp number first, however it was typed, from any of the seller’s products', () => {
    expect(chooseQuoteRoute([{ whatsapp: '98765 43210', email: 'kavya@example.in' }])).toEqual({
      channel: 'whatsapp',
      phone: '9876543210',
    });
    expect(
      chooseQuoteRoute([{ phone: '9876543210' }, { whatsapp: '+91 98765 43210', phone: '9876543210' }]),
    ).toEqual({ channel: 'whatsapp', phone: '+919876543210' });
  });

  it('falls back to the e-mail when there is no valid WhatsApp number', () => {
    expect(
      chooseQuoteRoute([{ whatsapp: '12345', phone: '9123456789', email: ' ravi@example.in ' }]),
    ).toEqual({
      channel: 'email',
      email: 'ravi@example.in',
    });
  });

  it('falls back to the clipboard with neither, or with entries that fail their checks', () => {
    expect(chooseQuoteRoute([{ phone: '9123456789' }])).toEqual({ channel: 'clipboard' });
    expect(chooseQuoteRoute([{ whatsapp: 12345, email: 'not-an-email' }])).toEqual({ channel: 'clipboard' });
    expect(chooseQuoteRoute([])).toEqual({ channel: 'clipboard' });
  });
});
