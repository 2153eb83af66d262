import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, E2E_USER, openPage, PHONE, readLocation, useTestBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useTestBrowser();

async function visitSignedIn(viewport: { width: number; height: number }, path: string): Promise<Page> {
  const page = await openPage(browser, viewport, { signedIn: true });
  await page.goto(`${baseUrl}${path}`);
  return page;
}

describe('bottom bar sheets, signed in', () => {
  it('Create opens a sheet with the three create entries; Esc closes it and focus returns', async () => {
    const page = await visitSignedIn(PHONE, '/');
    const createTab = page.getByTestId('bottom-bar').getByRole('button', { name: 'Create' });
    await createTab.click();
    const sheet = page.getByRole('dialog', { name: 'Create' });
    await sheet.waitFor();
    for (const [label, description] of [
      ['Create Product', 'List a product for sale'],
      ['Create Klip', 'Share a video about a product'],
      ['Create Offer', 'Add special offers'],
    ]) {
      await sheet.getByRole('link', { name: new RegExp(`${label}.*${description}`) }).waitFor();
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => createTab.evaluate((tab) => tab === document.activeElement)).toBe(true);

    await createTab.click();
    await sheet.getByRole('link', { name: /Create Klip/ }).click();
    await page.getByRole('heading', { name: 'Create Klip', level: 1 }).waitFor();
    await sheet.waitFor({ state: 'detached' });
    expect((await readLocation(page)).path).toBe('/create/klip');
    await page.close();
  });

  it('You shows the account and signs out to /auth/login', async () => {
    const page = await visitSignedIn(PHONE, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'You' }).click();
    const sheet = page.getByRole('dialog', { name: 'You' });
    await sheet.getByText(E2E_USER.fullName).waitFor();
    await sheet.getByText(E2E_USER.email).waitFor();
    expect(await sheet.getByRole('link', { name: `@${E2E_USER.username}` }).getAttribute('href')).toBe(
      `/shopstar/${E2E_USER.username}`,
    );
    await sheet.getByRole('link', { name: 'Settings' }).waitFor();
    // The ID token lives in memory only: no JWT in the page's storage.
    const stored = await page.evaluate(() =>
      [window.localStorage, window.sessionStorage].flatMap((storage) => Object.entries(storage).flat()),
    );
    expect(stored.filter((value) => /eyJ[\w-]+\.[\w-]+\./.test(value))).toEqual([]);
    await sheet.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await expect.poll(async () => (await readLocation(page)).path).toMatch(/^\/auth\/login/);
    await page.close();
  });
});

describe('header, signed in on a desktop', () => {
  it('shows Create, Loot Box and the profile menu, and no Sign in link', async () => {
    const page = await visitSignedIn(DESKTOP, '/');
    const header = page.getByTestId('site-header');
    await header.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: /Create Product/ }).waitFor();
    await page.keyboard.press('Escape');
    await header.getByRole('button', { name: 'Loot Box' }).click();
    await page.getByText('Your Loot Box is empty').waitFor();
    await page.keyboard.press('Escape');
    expect(await header.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    await header.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: `@${E2E_USER.username}` }).waitFor();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect((await readLocation(page)).path).toBe('/auth/login');
    await page.close();
  });
});

describe('side rail, signed in on a desktop', () => {
  it('shows every label whole while collapsed (no "Dashb...")', async () => {
    const page = await visitSignedIn(DESKTOP, '/');
    const rail = page.getByTestId('side-rail');
    await rail.getByRole('link', { name: 'Dashboard' }).waitFor();
    const cut = await rail.locator('nav a span').evaluateAll((labels) =>
      labels
        .filter((label) => {
          const box = label.getBoundingClientRect();
          const link = label.parentElement!.getBoundingClientRect();
          const clipped = label.scrollWidth > label.clientWidth + 0.5;
          return clipped || box.left < link.left - 0.5 || box.right > link.right + 0.5;
        })
        .map((label) => label.textContent),
    );
    expect(cut).toEqual([]);
    expect(await rail.locator('nav a span').allTextContents()).toContain('Settings');
    await page.close();
  });
});
