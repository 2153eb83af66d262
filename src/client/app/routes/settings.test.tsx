// The settings screen through the real route table and a real HTTP server: the user's settings shown, the spec's
// texts when they cannot be loaded (docs/product.md "Error texts: Settings"), a change sent with only its field
// and shown at once, a refused change put back with the server's words or the spec's, and the accessibility
// settings on <html> (decision 0073).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppSettings } from '../../../shared/contracts/settings.ts';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings-defaults.ts';
import { SETTINGS_ERRORS, SETTINGS_MESSAGES as M } from '../../../shared/settings-messages.ts';
import { createApiTestServer, createTestAuthStore, renderApp, TEST_USER } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeAll(async () => {
  await Promise.all([import('./settings.tsx'), fetch(`${server.url}/warm-up`)]);
});
afterEach(() => {
  document.documentElement.className = '';
  window.localStorage.clear();
});

const STORED: AppSettings = {
  ...DEFAULT_SETTINGS,
  account: {
    email: TEST_USER.email,
    username: TEST_USER.username,
    phone: '9876543210',
    twoFactorAuth: false,
  },
  privacy: { ...DEFAULT_SETTINGS.privacy, whoCanContactMe: 'signedIn' },
};

function answerSettings(settings: AppSettings = STORED): void {
  server.respond('GET', '/api/v1/settings', { status: 200, body: { success: true, settings } });
}

function openSettings() {
  return renderApp('/settings', createTestAuthStore({ signedIn: true }));
}

async function waitForLoaded(): Promise<void> {
  await screen.findByText(TEST_USER.email);
}

describe('the settings screen', () => {
  it("shows the user's settings in every category", async () => {
    answerSettings();
    openSettings();
    await waitForLoaded();
    for (const title of [
      'account',
      'privacy',
      'notifications',
      'appearance',
      'content',
      'accessibility',
    ] as const) {
      expect(screen.getByRole('region', { name: M[title].title })).toBeInTheDocument();
    }
    expect(screen.getByText(`@${TEST_USER.username}`)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: M.account.phone })).toHaveValue('9876543210');
    const contact = screen.getByRole('group', { name: M.privacy.whoCanContactMe });
    expect(within(contact).getByRole('radio', { name: M.privacy.audiences.signedIn })).toBeChecked();
    // English, and no language switch that would do nothing.
    expect(screen.getByText(M.appearance.languageNote)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: M.appearance.language })).toBeNull();
  });

  it('links every section, in the order shown, from a nav named for them, each link named as its section', async () => {
    answerSettings();
    openSettings();
    await waitForLoaded();
    const links = within(screen.getByRole('navigation', { name: M.sectionsNav })).getAllByRole('link');
    const sections = links.map((link) => {
      const href = link.getAttribute('href')!;
      expect(href).toMatch(/^#[\w-]+$/);
      const section = document.getElementById(href.slice(1));
      expect(section, href).toHaveRole('region');
      expect(section).toHaveAccessibleName(link.textContent!);
      return section!;
    });
    expect(sections.length).toBe(9);
    const regions = screen.getAllByRole('region').filter((region) => region.closest('main'));
    expect(regions.filter((region) => region.id)).toEqual(sections);
  });

  it('shows the defaults with the spec text when loading fails', async () => {
    server.respond('GET', '/api/v1/settings', { status: 500, body: { message: 'down' } });
    openSettings();
    expect(await screen.findByText(SETTINGS_ERRORS.loadFailed)).toBeInTheDocument();
    const content = screen.getByRole('group', { name: M.privacy.whoCanSeeMyContent });
    expect(within(content).getByRole('radio', { name: M.privacy.audiences.everyone })).toBeChecked();
    expect(screen.getByRole('switch', { name: M.content.autoplay })).toHaveAttribute('aria-checked', 'true');
  });

  it("says 'Invalid response from server' for an answer without success and settings", async () => {
    server.respond('GET', '/api/v1/settings', { status: 200, body: { ok: true } });
    openSettings();
    expect(await screen.findByText(SETTINGS_ERRORS.loadFailed)).toBeInTheDocument();
    expect(screen.getByText(SETTINGS_ERRORS.invalidResponse)).toBeInTheDocument();
  });

  it('sends only the changed field, shows it at once and says it is saved', async () => {
    answerSettings();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.respond('PATCH', '/api/v1/settings/notifications', async () => {
      await held;
      return {
        status: 200,
        body: {
          success: true,
          settings: { ...STORED, notifications: { ...STORED.notifications, marketingEmails: true } },
        },
      };
    });
    const user = userEvent.setup();
    openSettings();
    await waitForLoaded();
    const marketing = screen.getByRole('switch', { name: M.notifications.marketingEmails });
    await user.click(marketing);
    // Before the server answers.
    expect(marketing).toHaveAttribute('aria-checked', 'true');
    release();
    expect(await screen.findByText(SETTINGS_ERRORS.updated)).toBeInTheDocument();
    const patch = server.requests.findLast((request) => request.method === 'PATCH');
    expect(JSON.parse(patch!.body)).toEqual({ marketingEmails: true });
  });

  it('keeps a chosen radio chosen from the click on, before the cache has it', async () => {
    answerSettings();
    server.respond('PATCH', '/api/v1/settings/content', {
      status: 200,
      body: { success: true, settings: { ...STORED, content: { ...STORED.content, quality: 'dataSaver' } } },
    });
    openSettings();
    await waitForLoaded();
    const saver = screen.getByRole('radio', { name: M.content.qualities.dataSaver });
    // A click event alone, with no wait after it: a controlled radio whose value comes later jumps back here.
    fireEvent.click(saver);
    expect(saver).toBeChecked();
    expect(await screen.findByText(SETTINGS_ERRORS.updated)).toBeInTheDocument();
    expect(saver).toBeChecked();
  });

  it('puts a refused change back: the server words for a field, the spec text otherwise', async () => {
    answerSettings();
    server.respond('PATCH', '/api/v1/settings/content', {
      status: 400,
      body: { message: 'Invalid content.quality: must be auto, high or dataSaver' },
    });
    server.respond('PATCH', '/api/v1/settings/accessibility', { status: 500, body: { message: 'boom' } });
    const user = userEvent.setup();
    openSettings();
    await waitForLoaded();

    const saver = screen.getByRole('radio', { name: M.content.qualities.dataSaver });
    await user.click(saver);
    expect(
      await screen.findByText('Invalid content.quality: must be auto, high or dataSaver'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: M.content.qualities.auto })).toBeChecked());

    const contrast = screen.getByRole('switch', { name: M.accessibility.highContrast });
    await user.click(contrast);
    expect(await screen.findByText(SETTINGS_ERRORS.updateFailed)).toBeInTheDocument();
    await waitFor(() => expect(contrast).toHaveAttribute('aria-checked', 'false'));
  });

  it('refuses a phone that breaks the rule without sending it', async () => {
    answerSettings();
    const user = userEvent.setup();
    openSettings();
    await waitForLoaded();
    const before = server.requests.length;
    const phone = screen.getByRole('textbox', { name: M.account.phone });
    await user.clear(phone);
    await user.type(phone, '12ab{Enter}');
    expect(await screen.findByText(M.account.phoneInvalid)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.slice(before).some((request) => request.method === 'PATCH')).toBe(false);
  });
});
