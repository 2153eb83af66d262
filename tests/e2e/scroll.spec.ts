import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { HEADER_HIDE_DELAY_MS } from '../../src/shared/constants.ts';
import { DESKTOP, openPage, PHONE, readLocation, useTestBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useTestBrowser();

/** The policy pages are long at every width, so they are where scrolling is exercised. */
async function openLongPage(viewport: { width: number; height: number }, path = '/terms'): Promise<Page> {
  const page = await openPage(browser, viewport);
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/** Scrolls and resolves after the resulting scroll event has been handled and a frame has passed. */
function scrollAndSettle(page: Page, y: number): Promise<void> {
  return page.evaluate(async (top) => {
    const handled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
    window.scrollTo({ top, behavior: 'instant' });
    await handled;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, y);
}

function readVisible(page: Page, testId: string): Promise<string | null> {
  return page.getByTestId(testId).getAttribute('data-visible');
}

describe('bottom bar on a phone', () => {
  it('stays until 50 px, hides when scrolling down past it and returns on scrolling up', async () => {
    const page = await openLongPage(PHONE);
    await scrollAndSettle(page, 45);
    expect(await readVisible(page, 'bottom-bar')).toBe('true');
    await scrollAndSettle(page, 120);
    expect(await readVisible(page, 'bottom-bar')).toBe('false');
    await expect
      .poll(() => page.getByTestId('bottom-bar').evaluate((bar) => bar.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(PHONE.height);
    await scrollAndSettle(page, 90);
    expect(await readVisible(page, 'bottom-bar')).toBe('true');
    await page.close();
  });
});

describe('header on a phone', () => {
  // The 300 ms delay and the 80 px threshold are pinned by the hook's unit test with fake timers; here the real
  // page shows the same order of events without a stopwatch: still there once the scroll has been handled, then
  // gone, then back on scrolling up.
  it('hides after a delay once scrolled down past 80 px, and returns on scrolling up', async () => {
    const page = await openLongPage(PHONE);
    await scrollAndSettle(page, 200);
    expect(await readVisible(page, 'site-header')).toBe('true');
    await page.waitForSelector('[data-testid="site-header"][data-visible="false"]');
    await expect
      .poll(() => page.getByTestId('site-header').evaluate((header) => header.getBoundingClientRect().bottom))
      .toBeLessThanOrEqual(0);

    await scrollAndSettle(page, 150);
    expect(await readVisible(page, 'site-header')).toBe('true');
    await page.close();
  });

  // The 80 px threshold itself is pinned by the hook's unit test with fake timers.
  it('shows again within 5 px of the top', async () => {
    const page = await openLongPage(PHONE);
    await scrollAndSettle(page, 600);
    await page.waitForSelector('[data-testid="site-header"][data-visible="false"]');
    await scrollAndSettle(page, 4);
    expect(await readVisible(page, 'site-header')).toBe('true');
    await page.close();
  });
});

describe('header on a desktop', () => {
  it('never hides, however far the page scrolls', async () => {
    const page = await openPage(browser, DESKTOP);
    // The page's clock is the test's: it is moved past the phone's hide delay instead of waiting it out.
    await page.clock.install();
    await page.goto(`${baseUrl}/terms`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      const header = document.querySelector('[data-testid="site-header"]')!;
      const seen = { count: 0 };
      (window as unknown as { headerChanges: typeof seen }).headerChanges = seen;
      new MutationObserver(() => seen.count++).observe(header, { attributes: true });
    });
    await scrollAndSettle(page, 900);
    // A negative check needs a bound: twice the phone's hide delay is long enough for a hide to have happened.
    await page.clock.runFor(HEADER_HIDE_DELAY_MS * 2);
    const changes = await page.evaluate(
      () => (window as unknown as { headerChanges: { count: number } }).headerChanges.count,
    );
    expect(changes).toBe(0);
    expect(await readVisible(page, 'site-header')).toBe('true');
    const box = await page.getByTestId('site-header').boundingBox();
    expect(box?.y).toBe(0);
    await page.close();
  });
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('path change at %s size', (_name, viewport) => {
  it('scrolls smoothly back to the top', async () => {
    const page = await openLongPage(viewport, '/terms');
    await scrollAndSettle(page, 100_000);
    const start = await page.evaluate(() => window.scrollY);
    expect(start).toBeGreaterThan(500);
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as Window & { scrollPositions?: number[] }).scrollPositions = positions;
      window.addEventListener('scroll', () => positions.push(window.scrollY));
    });

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    // A long page takes Chromium over a second to glide up.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    expect((await readLocation(page)).path).toBe('/privacy');

    // Smooth: the way up passes through positions between the start and the top.
    const positions = await page.evaluate(
      () => (window as Window & { scrollPositions?: number[] }).scrollPositions ?? [],
    );
    const between = positions.filter((y) => y > 0 && y < Math.min(start, positions[0] ?? start));
    expect(between.length).toBeGreaterThan(1);
    await page.close();
  });
});
