// Debian Chromium through playwright-core, one fresh profile per test file, pages at phone or desktop size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const PHONE = { width: 375, height: 812 } as const;
export const TABLET = { width: 700, height: 900 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export type Viewport = { width: number; height: number };

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// Must match SESSION_STORAGE_KEY in src/client/lib/auth.ts: until the identity API exists, a stored session is
// how a browser test signs in.
const SESSION_STORAGE_KEY = 'lootklip.session';

export const E2E_USER = {
  uid: 'e2e-user',
  email: 'meera@example.in',
  displayName: 'Meera',
  photoURL: null,
  username: 'meera.finds',
  fullName: 'Meera Iyer',
};

export type TestBrowser = { context: BrowserContext; close: () => Promise<void> };

export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: DESKTOP,
    reducedMotion: 'no-preference',
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new page at the given size. `signedIn` writes (or removes) the stored session before any page script runs,
 * on every load of this page, so tests in one profile never see each other's sign-in.
 */
export async function openPage(
  browser: TestBrowser,
  viewport: Viewport,
  { signedIn = false }: { signedIn?: boolean } = {},
): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const session = signedIn
    ? JSON.stringify({ user: E2E_USER, idToken: 'e2e-token', expiresAt: Date.now() + 60 * 60 * 1000 })
    : null;
  await page.addInitScript(
    ({ key, value }) => {
      if (value) window.localStorage.setItem(key, value);
      else window.localStorage.removeItem(key);
    },
    { key: SESSION_STORAGE_KEY, value: session },
  );
  // A page error is a bug, whatever the test is about.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  pageErrors.set(page, errors);
  return page;
}

const pageErrors = new WeakMap<Page, string[]>();

export function getPageErrors(page: Page): string[] {
  return pageErrors.get(page) ?? [];
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Path, search and history state, as the app's router sees them. */
export function readLocation(page: Page): Promise<{ path: string; state: unknown }> {
  return page.evaluate(() => ({
    path: `${window.location.pathname}${window.location.search}`,
    state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
  }));
}
