// The consent banner and the settings dialog in the real app (docs/product.md "Cookie consent banner", "Cookie
// consent"): shown on a first visit without taking focus, reachable by keyboard, the dialog's switches labelled, Esc
// closing it, and the choice stored.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COOKIE_PREFERENCES_STORAGE_KEY } from '../../../../shared/constants.ts';
import { CONSENT_MESSAGES } from '../../../../shared/consent-messages.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../../test/render-app.tsx';

createApiTestServer();

const stored = () =>
  JSON.parse(window.localStorage.getItem(COOKIE_PREFERENCES_STORAGE_KEY) ?? 'null') as Record<
    string,
    unknown
  > | null;

async function openTerms() {
  const view = renderApp('/terms', createTestAuthStore({ signedIn: false }));
  const banner = await screen.findByRole('region', { name: CONSENT_MESSAGES.bannerLabel });
  return { ...view, banner };
}

describe('cookie consent', () => {
  it('shows the banner on a first visit without taking focus; Tab reaches its buttons; Accept All stores all on', async () => {
    const user = userEvent.setup();
    const { banner } = await openTerms();
    expect(banner).toHaveClass('fixed');
    expect(document.activeElement).toBe(document.body);
    const accept = within(banner).getByRole('button', { name: CONSENT_MESSAGES.acceptAll });
    for (let step = 0; step < 200 && document.activeElement !== accept; step += 1) await user.tab();
    expect(accept).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: CONSENT_MESSAGES.bannerLabel })).toBeNull(),
    );
    expect(stored()).toMatchObject({ analytics: true, marketing: true, functional: true, preferences: true });
    expect(stored()!.consentGiven).toBe(true);
  });

  it('Necessary Only stores every optional category off', async () => {
    const user = userEvent.setup();
    const { banner } = await openTerms();
    await user.click(within(banner).getByRole('button', { name: CONSENT_MESSAGES.necessaryOnly }));
    expect(stored()).toMatchObject({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
    expect(screen.queryByRole('region', { name: CONSENT_MESSAGES.bannerLabel })).toBeNull();
  });

  it('settings: labelled switches, necessary on and fixed, single toggles saved; Esc closes; Reset brings the banner back', async () => {
    const user = userEvent.setup();
    const { banner } = await openTerms();
    await user.click(within(banner).getByRole('button', { name: CONSENT_MESSAGES.settings }));
    let dialog = await screen.findByRole('dialog', { name: CONSENT_MESSAGES.dialogTitle });
    const necessary = within(dialog).getByRole('switch', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    expect(necessary).toHaveAccessibleDescription(expect.stringContaining(CONSENT_MESSAGES.alwaysOn));
    for (const name of ['Functional', 'Analytics', 'Marketing', 'Preferences']) {
      expect(within(dialog).getByRole('switch', { name })).not.toBeChecked();
    }
    expect(within(dialog).getByRole('switch', { name: 'Analytics' })).toHaveAccessibleDescription(
      CONSENT_MESSAGES.categories.analytics.description,
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored()).toBeNull();

    // Again from the footer: toggle one category and save.
    await user.click(screen.getByRole('button', { name: CONSENT_MESSAGES.footerLink }));
    dialog = await screen.findByRole('dialog', { name: CONSENT_MESSAGES.dialogTitle });
    await user.click(within(dialog).getByRole('switch', { name: 'Analytics' }));
    expect(within(dialog).getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: CONSENT_MESSAGES.savePreferences }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored()).toMatchObject({
      analytics: true,
      functional: false,
      marketing: false,
      preferences: false,
    });
    expect(stored()!.consentGiven).toBe(true);
    expect(typeof stored()!.timestamp).toBe('number');
    expect(screen.queryByRole('region', { name: CONSENT_MESSAGES.bannerLabel })).toBeNull();

    // The dialog opens with the saved choice, and Reset clears it.
    await user.click(screen.getByRole('button', { name: CONSENT_MESSAGES.footerLink }));
    dialog = await screen.findByRole('dialog', { name: CONSENT_MESSAGES.dialogTitle });
    expect(within(dialog).getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: CONSENT_MESSAGES.reset }));
    expect(stored()).toBeNull();
    expect(await screen.findByRole('region', { name: CONSENT_MESSAGES.bannerLabel })).toBeInTheDocument();
  });

  it('opens from Settings', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      COOKIE_PREFERENCES_STORAGE_KEY,
      JSON.stringify({
        necessary: true,
        functional: false,
        analytics: false,
        marketing: false,
        preferences: false,
        consentGiven: true,
        timestamp: 1,
      }),
    );
    renderApp('/settings', createTestAuthStore({ signedIn: true }));
    const privacy = await screen.findByRole('region', { name: CONSENT_MESSAGES.settingsSection });
    await user.click(within(privacy).getByRole('button', { name: CONSENT_MESSAGES.settingsButton }));
    expect(await screen.findByRole('dialog', { name: CONSENT_MESSAGES.dialogTitle })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: CONSENT_MESSAGES.bannerLabel })).toBeNull();
  });
});
