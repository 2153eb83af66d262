// What the quote form starts with for a signed-in shopper (docs/product.md "Quote form"): their name and e-mail from
// the session, and their phone from their settings (GET /api/v1/settings, account.phone; the cache entry the klip
// player reads too). A field the shopper typed in stays theirs.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SettingsResponseSchema } from '../../../../shared/contracts/settings.ts';
import type { QuoteForm } from '../../../../shared/domain/quote.ts';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';

export type QuoteDefaults = Partial<Pick<QuoteForm, 'name' | 'email' | 'phone'>>;

export function useQuoteDefaults(): QuoteDefaults {
  const { user } = useAuth();
  const settings = useQuery({
    queryKey: ['settings', user?.uid ?? null],
    enabled: Boolean(user),
    queryFn: ({ signal }) => api.get<z.infer<typeof SettingsResponseSchema>>('/settings', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!user) return {};
  return {
    name: user.fullName || user.displayName,
    email: user.email,
    phone: settings.data?.settings.account.phone ?? '',
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
