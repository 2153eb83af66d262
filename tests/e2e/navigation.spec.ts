import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { KLIPS_MESSAGES } from '../../src/shared/klip-messages.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  TABLET,
  useTestBrowser,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useTestBrowser();

async function visit(viewport: { width: number; height: number }, path: string): Promise<Page> {
  const page = await openPage(browser, viewport);
  await page.goto(`${baseUrl}${path}`);
  return page;
}

async function waitForPath(page: Page, path: string): Promise<void> {
  await expect.poll(async () => (await readLocation(page)).path).toBe(path);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('at %s size', (_name, viewport) => {
  it('redirects /klips/{id} to /klips, which says when there is no such klip', async () => {
    // A real klip opening at its place is klips-grid.spec.ts's; here the redirect and an unknown id.
    const page = await visit(viewport, '/klips/abc');
    await page.getByText(KLIPS_MESSAGES.klipFetchFailed).waitFor();
    expect((await readLocation(page)).path).toBe('/klips');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows the not-found page for unknown paths, with a way home', async () => {
    const page = await visit(viewport, '/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('The page you are looking for does not exist or has moved.').waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { name: 'Explore Categories' }).waitFor();
    await waitForPath(page, '/');
    await page.close();
  });

  it("paints a stored dark theme before the app's code runs, the page's inline script allowed by its policy", async () => {
    const page = await openPage(browser, viewport);
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // Without the app's code, only the page's own theme script can mark the document dark.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${baseUrl}/shop`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('sends a signed-out visitor from /dashboard to sign-in, remembering the origin', async () => {
    const page = await visit(viewport, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await waitForPath(page, '/auth/login?redirectTo=%2Fdashboard');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('side menu (desktop rail)', () => {
  it('navigates and expands', async () => {
    const page = await visit(DESKTOP, '/');
    const rail = page.getByTestId('side-rail');
    await rail.getByRole('link', { name: 'Klips' }).click();
    await page.getByRole('heading', { name: 'Klips', level: 1 }).waitFor();
    await waitForPath(page, '/klips');
    await rail.getByRole('link', { name: 'Offers' }).click();
    await waitForPath(page, '/offers');

    expect((await rail.boundingBox())?.width).toBe(80);
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(async () => (await rail.boundingBox())?.width).toBe(240);
    expect(await page.getByRole('button', { name: 'Collapse menu' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    // No bottom bar and no drawer toggle on wide screens.
    expect(await page.getByTestId('bottom-bar').isVisible()).toBe(false);
    await page.close();
  });
});

describe('drawer (under 768 px)', () => {
  it('opens from the header toggle, traps focus, closes on Esc and returns focus', async () => {
    const page = await visit(TABLET, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: /Menu/ });
    await drawer.waitFor();
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);

    // Tabbing past the last control wraps inside the dialog.
    for (let index = 0; index < 12; index++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Open menu');
    await page.close();
  });

  it('closes when a link is followed', async () => {
    const page = await visit(TABLET, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: /Menu/ });
    await drawer.getByRole('link', { name: 'Shop' }).click();
    await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    await waitForPath(page, '/shop');
    await page.close();
  });

  it('has no toggle on phones, where the bottom bar and the Offers icon take over', async () => {
    const page = await visit(PHONE, '/');
    await page.getByRole('heading', { name: 'Explore Categories' }).waitFor();
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await page.getByTestId('site-header').getByRole('link', { name: 'Offers' }).click();
    await waitForPath(page, '/offers');
    await page.close();
  });
});

describe('bottom bar (phone)', () => {
  it('navigates between Home, Shop and Klips', async () => {
    const page = await visit(PHONE, '/');
    const bar = page.getByTestId('bottom-bar');
    await bar.getByRole('link', { name: 'Shop' }).click();
    await page.getByRole('heading', { name: 'Shop', level: 1 }).waitFor();
    await waitForPath(page, '/shop');
    expect(await bar.getByRole('link', { name: 'Shop' }).getAttribute('aria-current')).toBe('page');
    await bar.getByRole('link', { name: 'Klips' }).click();
    await waitForPath(page, '/klips');
    await bar.getByRole('link', { name: 'Home' }).click();
    await waitForPath(page, '/');
    await page.close();
  });

  it('never covers the footer’s links (a short page: the footer sits at the bottom while the bar shows)', async () => {
    const page = await visit(PHONE, '/no/such/page');
    const bar = page.getByTestId('bottom-bar');
    const links = page.getByRole('navigation', { name: 'Policies' });
    await links.waitFor();
    await expect.poll(() => bar.isVisible()).toBe(true);
    const barTop = (await bar.boundingBox())!.y;
    const box = (await links.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(barTop);
    await page.close();
  });

  it.each(['Create', 'You'])('%s sends a signed-out visitor to /auth/login', async (tab) => {
    const page = await visit(PHONE, '/shop');
    await page.getByTestId('bottom-bar').getByRole('button', { name: tab }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect((await readLocation(page)).path).toMatch(/^\/auth\/login/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
