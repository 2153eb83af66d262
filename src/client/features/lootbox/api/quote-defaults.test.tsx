// The quote form's starting values (docs/product.md "Quote form") from the real session store and a real HTTP
// server answering GET /api/v1/settings: the signed-in shopper's name and e-mail at once, their phone once the
// settings answer; nothing for a visitor; and what the shopper typed wins over any of it.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings-defaults.ts';
import { AuthProvider } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createApiTestServer, createTestAuthStore } from '../../../test/render-app.tsx';
import { recordTyped, resolveQuoteForm, useQuoteDefaults } from './quote-defaults.ts';

const server = createApiTestServer();

function renderDefaults(signedIn: boolean) {
  const client = createQueryClient();
  const store = createTestAuthStore({ signedIn });
  return renderHook(() => useQuoteDefaults(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <AuthProvider store={store}>{children}</AuthProvider>
      </QueryClientProvider>
    ),
  });
}

describe('useQuoteDefaults', () => {
  it('gives a signed-in shopper’s full name and e-mail, and the phone from their settings', async () => {
    server.respond('GET', '/api/v1/settings', {
      status: 200,
      body: {
        success: true,
        settings: { ...DEFAULT_SETTINGS, account: { ...DEFAULT_SETTINGS.account, phone: '98200 12345' } },
      },
    });
    const { result } = renderDefaults(true);
    expect(result.current).toMatchObject({ name: 'Asha Verma', email: 'asha@example.in' });
    await waitFor(() => expect(result.current.phone).toBe('98200 12345'));
  });

  it('gives a visitor nothing and asks for no settings', () => {
    const from = server.requests.length;
    const { result } = renderDefaults(false);
    expect(result.current).toEqual({});
    expect(server.requests.slice(from).some((request) => request.path === '/api/v1/settings')).toBe(false);
  });
});

describe('resolveQuoteForm and recordTyped', () => {
  it('shows the defaults until the shopper types, and a field they emptied stays empty', () => {
    const defaults = { name: 'Asha', email: 'asha@example.in', phone: '' };
    const shown = resolveQuoteForm({}, defaults);
    expect(shown).toEqual({ name: 'Asha', email: 'asha@example.in', phone: '', additionalInfo: '' });
    const typed = recordTyped({}, shown, { ...shown, name: '' });
    expect(typed).toEqual({ name: '' });
    // The phone arrives later: it fills its untouched field; the emptied name stays empty.
    expect(resolveQuoteForm(typed, { ...defaults, phone: '98200 12345' })).toEqual({
      name: '',
      email: 'asha@example.in',
      phone: '98200 12345',
      additionalInfo: '',
    });
  });
});
