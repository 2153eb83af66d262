// Debian Chromium through playwright-core, one fresh profile per test file, pages at phone or desktop size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/ensure-chromium.ts';
import { COOKIE_PREFERENCES_STORAGE_KEY, MOBILE_BREAKPOINT_PX } from '../../../src/shared/constants.ts';

export const PHONE = { width: 375, height: 812 } as const;
export const TABLET = { width: 700, height: 900 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export type Viewport = { width: number; height: number };

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

const SUFFIX = Math.random().toString(36).slice(2, 8);

/** The account signed-in pages use: one per test file, created through the real sign-up API. */
export const E2E_USER = {
  email: `meera.${SUFFIX}@example.in`,
  password: 'a long e2e passphrase',
  username: `meera.${SUFFIX}`,
  fullName: 'Meera Iyer',
};

let requestCounter = 0;
/**
 * This test file's own last address octet (from its random SUFFIX): with one for every file, the files' first
 * sign-ins do not all come from one address and trip its sign-in limit.
 */
const FILE_ADDRESS_OCTET = (parseInt(SUFFIX, 36) % 250) + 1;

/**
 * Signs E2E_USER in (signing up the first time) from the test process and hands the refresh cookie to the
 * browser, exactly as the server set it. Each call comes from its own forwarded address (the e2e server trusts
 * one proxy hop), so the sign-in limits per address do not trip over a test run.
 */
async function signIn(context: BrowserContext): Promise<void> {
  const baseUrl = inject('baseUrl');
  requestCounter += 1;
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': `198.18.${requestCounter % 250}.${FILE_ADDRESS_OCTET}`,
  };
  let response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: E2E_USER.email, password: E2E_USER.password }),
  });
  if (response.status === 401) {
    response = await fetch(`${baseUrl}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify(E2E_USER),
    });
  }
  if (!response.ok) throw new Error(`e2e sign-in failed: ${response.status} ${await response.text()}`);
  await handSessionToBrowser(context, response, baseUrl);
}

/**
 * Every cookie a sign-in answer set, handed to the browser as the server set them: the HttpOnly refresh cookie and
 * the page's session hint. Cookies are the host's, whatever its port.
 */
export async function handSessionToBrowser(
  context: BrowserContext,
  signIn: { headers: Headers },
  baseUrl: string,
): Promise<void> {
  const cookies = signIn.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const path = attributes.find((attribute) => attribute.startsWith('Path='))?.slice('Path='.length);
    return {
      name: pair.slice(0, at),
      value: decodeURIComponent(pair.slice(at + 1)),
      domain: new URL(baseUrl).hostname,
      path: path ?? '/',
      httpOnly: attributes.includes('HttpOnly'),
      sameSite: 'Strict' as const,
    };
  });
  if (!cookies.some((cookie) => cookie.name === 'lk_refresh'))
    throw new Error('the sign-in set no refresh cookie');
  await context.addCookies(cookies);
}

/**
 * A server-rendered page (decision 0080) is on screen before the app has taken it over: its page loads (goto,
 * reload) return once the app is running and knows who is signed in, as a person's next tap would find it, so that
 * no test taps a button whose handler is not there yet.
 */
function waitForAppOnLoad(page: Page): void {
  // Not when the app's code never ran (a test that blocks it): its entry sets `data-app` before the document's
  // load completes, as module scripts run before DOMContentLoaded, unless the page held it back (`held`: a rendered
  // page's, until its first paint, public/page-start.js), which says `unavailable` when it failed to load.
  const untilReady = () =>
    page.waitForFunction(() => {
      const app = document.documentElement.dataset.app;
      if (!document.getElementById('lk-page') || app === 'ready' || app === 'unavailable') return true;
      return app === undefined && document.readyState === 'complete';
    });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilReady();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilReady();
    return response;
  };
}

export type TestBrowser = { context: BrowserContext; close: () => Promise<void> };

export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: DESKTOP,
    reducedMotion: 'no-preference',
  });
  context.on('page', waitForAppOnLoad);
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The browser of one test file: launched before its tests, closed after them. */
export function useTestBrowser(): TestBrowser {
  let launched: TestBrowser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return {
    get context() {
      if (!launched) throw new Error('the test browser is not launched yet');
      return launched.context;
    },
    close: async () => launched?.close(),
  };
}

/**
 * A new page at the given size, signed in as E2E_USER or signed out (the profile's cookies are reset first), or, with
 * `keepCookies`, another tab of whoever the profile's cookies say. The cookie banner is answered 'Necessary Only'
 * before the page loads (when nothing is stored), so it covers nothing a test clicks; `consent: 'ask'` leaves the
 * visitor's first visit as it is (tests/e2e/consent.spec.ts).
 */
export async function openPage(
  browser: TestBrowser,
  viewport: Viewport,
  {
    signedIn = false,
    consent = 'necessary',
    keepCookies = false,
  }: { signedIn?: boolean; consent?: 'necessary' | 'ask'; keepCookies?: boolean } = {},
): Promise<Page> {
  if (!keepCookies) await browser.context.clearCookies();
  if (signedIn) await signIn(browser.context);
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  // Below 768 px, as a phone's Chromium says it is one: the server renders the phone's layout (decision 0080).
  if (viewport.width < MOBILE_BREAKPOINT_PX) await page.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
  // Every page starts in the default (light) theme; a test that wants dark sets it after this.
  await page.addInitScript(() => window.localStorage.removeItem('theme'));
  if (consent === 'necessary') {
    await page.addInitScript((key) => {
      if (window.localStorage.getItem(key)) return;
      const choice = { functional: false, analytics: false, marketing: false, preferences: false };
      window.localStorage.setItem(
        key,
        JSON.stringify({ necessary: true, ...choice, consentGiven: true, timestamp: 1 }),
      );
    }, COOKIE_PREFERENCES_STORAGE_KEY);
  }
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
