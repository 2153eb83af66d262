// What the quote form starts with for a signed-in shopper (docs/product.md "Quote form"): their name and e-mail from
// the session, and their phone from their settings (account.phone, from the one settings query in
// lib/settings.ts). A field the shopper typed in stays theirs.
import type { QuoteForm } from '../../../../shared/domain/quote.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useSettings, type SettingsResponse } from '../../../lib/settings.ts';

export type QuoteDefaults = Partial<Pick<QuoteForm, 'name' | 'email' | 'phone'>>;

const selectPhone = (answer: SettingsResponse): string => answer.settings.account.phone;

export function useQuoteDefaults(): QuoteDefaults {
  const { user } = useAuth();
  const phone = useSettings(selectPhone).data;
  if (!user) return {};
  return {
    name: user.fullName || user.displayName,
    email: user.email,
    phone: phone ?? '',
  };
}

/**
 * The form as shown: each field the shopper has typed in (`typed`, even emptied), else the default; so a phone that
 * arrives with the settings after the form opened still fills its field.
 */
export function resolveQuoteForm(typed: Partial<QuoteForm>, defaults: QuoteDefaults): QuoteForm {
  return {
    name: typed.name ?? defaults.name ?? '',
    email: typed.email ?? defaults.email ?? '',
    phone: typed.phone ?? defaults.phone ?? '',
    additionalInfo: typed.additionalInfo ?? '',
  };
}

/** What changed between the form as shown and as edited: only those fields become the shopper's own. */
export function recordTyped(
  typed: Partial<QuoteForm>,
  shown: QuoteForm,
  next: QuoteForm,
): Partial<QuoteForm> {
  const changed = { ...typed };
  for (const field of Object.keys(next) as (keyof QuoteForm)[]) {
    if (next[field] !== shown[field]) changed[field] = next[field];
  }
  return changed;
}
