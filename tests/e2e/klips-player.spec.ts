// The klip player in a real browser with real klips (uploaded and transcoded by the server): the desktop theater
// driven by the keyboard and the mouse wheel at 1280 px, and the phone snap feed at 375 px, where the klip on
// screen plays, the one before pauses, the end card follows the last klip and a view is sent once per session.
// Through the klips page's contract only: cards `[data-klip-id]` with 'View in theater mode' at 768 px and wider,
// the feed under 768 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  HELD_APP_CODE_ELEMENT_ID,
  KEYBOARD_HELP_HIDE_MS,
  KLIP_VIEW_DEBOUNCE_MS,
  NAVIGATION_LOCK_MS,
  SESSION_HINT_COOKIE_NAME,
} from '../../src/shared/constants.ts';
import { KLIP_PLAYER_MESSAGES } from '../../src/shared/klip-messages.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createSeller, createTestApi } from './support/api.ts';
import { createKlip, createTestVideo } from './support/klips.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
const api = createTestApi('198.22.0.1');
const KLIP_COUNT = 3;
const PAUSE_AHEAD_MS = 1000;
/** Our klips' ids in the order the page lists them (newest first). */
let klipIds: string[] = [];

beforeAll(async () => {
  const seller = await createSeller(api, { username: `reel.${suffix}`, fullName: 'Reel Bazaar' });
  const video = await createTestVideo();
  const created: string[] = [];
  for (let index = 0; index < KLIP_COUNT; index += 1) {
    const klip = await createKlip(api, seller.token, {
      title: `Block print dupatta ${index} ${suffix}`,
      description:
        index === 0
          ? 'Hand block printed in Bagru with natural indigo and madder, then washed in the river.'
          : 'Short one.',
      tags: index === 0 ? ['handmade', 'indigo', 'cotton', 'jaipur', 'festive', 'gift'] : ['handmade'],
      video,
    });
    created.push(klip.id);
  }
  klipIds = created.reverse();
});

/** The klip `id`'s video on the page (the one in its article). */
function video(page: Page, id: string) {
  return page.locator(`article[data-klip-id="${id}"] video`);
}

/**
 * Waits until the klip's video plays: not paused, its time moving on, and the player showing it as playing (its
 * button offers Pause), so that what starts with playing (the view's wait) has started.
 */
async function waitForPlaying(page: Page, id: string): Promise<void> {
  const handle = await video(page, id).elementHandle();
  await page.waitForFunction((element) => {
    const media = element as HTMLVideoElement;
    return !media.paused && media.currentTime > 0;
  }, handle);
  const time = await handle!.evaluate((element) => (element as HTMLVideoElement).currentTime);
  await page.waitForFunction(([element, before]) => (element as HTMLVideoElement).currentTime !== before, [
    handle,
    time,
  ] as const);
  await page
    .locator(`article[data-klip-id="${id}"]`)
    .getByRole('button', { name: KLIP_PLAYER_MESSAGES.pause, exact: true })
    .waitFor();
}

async function isPaused(page: Page, id: string): Promise<boolean> {
  return video(page, id).evaluate((element) => (element as HTMLVideoElement).paused);
}

/**
 * When the page put the app's code in place (a rendered page holds it: public/page-start.js): the first
 * klip's readyState then, and the time since the page's start.
 */
async function recordCodeStarts(page: Page): Promise<() => Promise<{ readyState: number }[]>> {
  await page.addInitScript(() => {
    const starts: { readyState: number }[] = [];
    Object.assign(window, { codeStarts: starts });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.type === 'module') {
            const video = document.querySelector<HTMLVideoElement>('video[data-autostart]');
            starts.push({ readyState: video?.readyState ?? -1 });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { codeStarts: { readyState: number }[] }).codeStarts);
}

/**
 * Makes the page's clock the test's, running at real speed. It is the browser context's, shared by this file's
 * pages, so it is started again in case a test before (one that failed) left it stopped.
 */
async function installClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.resume();
}

/**
 * Stops the page's clock (a moment ahead of its time, as pausing needs a time to come): its timers then fire only
 * when the test moves the clock on.
 */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + PAUSE_AHEAD_MS);
}

/**
 * Waits until the test has seen every request the page sent so far: the page sends one more and the test waits
 * for it, as the browser reports a page's requests in the order it sends them.
 */
async function waitForSentRequests(page: Page): Promise<void> {
  const marker = `${baseUrl}/readyz?marker=${Math.random().toString(36).slice(2)}`;
  await Promise.all([
    page.waitForRequest(marker),
    page.evaluate((url) => fetch(url).then(() => undefined), marker),
  ]);
}

describe('the theater on a desktop', () => {
  it('opens at the chosen klip, moves by keys and wheel with the lock, shows the help, and closes on Esc', async () => {
    const page = await openPage(browser, DESKTOP);
    // The page's clock is the test's: it is moved past the lock and the help's time instead of waiting them out.
    await installClock(page);
    await page.goto(`${baseUrl}/klips`);
    for (const id of klipIds) await page.locator(`[data-klip-id="${id}"]`).first().waitFor();
    const order = await page
      .locator('li[data-klip-id]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-klip-id')));
    const start = order.indexOf(klipIds[1]!);
    const opener = page.locator(`li[data-klip-id="${klipIds[1]}"]`).getByRole('button', {
      name: 'View in theater mode',
    });
    await opener.click();

    const dialog = page.getByRole('dialog');
    const current = () => dialog.getByRole('article').getAttribute('data-klip-id');
    await dialog.waitFor();
    expect(await current()).toBe(order[start]);
    await waitForPlaying(page, order[start]!);
    const box = (await dialog.getByRole('article').boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([350, 660]);
    await saveScreenshot(page, 'desktop-klips-theater');

    // J moves on; a second move within the lock is refused.
    // Two presses at once (in one task, so that a slow machine cannot space them past the lock).
    await page.evaluate(() => {
      for (let press = 0; press < 2; press += 1)
        (document.activeElement ?? document.body).dispatchEvent(
          new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true }),
        );
    });
    await expect.poll(current).toBe(order[start + 1]);
    await waitForPlaying(page, order[start + 1]!);
    expect(await current()).toBe(order[start + 1]);
    expect(await isPaused(page, order[start]!)).toBe(true);
    await page.clock.runFor(NAVIGATION_LOCK_MS);
    await page.keyboard.press('K');
    await expect.poll(current).toBe(order[start]);
    await page.clock.runFor(NAVIGATION_LOCK_MS);
    await page.keyboard.press('ArrowDown');
    await expect.poll(current).toBe(order[start + 1]);
    await page.clock.runFor(NAVIGATION_LOCK_MS);
    await page.keyboard.press('ArrowUp');
    await expect.poll(current).toBe(order[start]);

    // The wheel: small movements add up within 100 ms (sent in one task); a large turn of the mouse wheel goes back.
    await page.clock.runFor(NAVIGATION_LOCK_MS);
    await page.mouse.move(640, 400);
    await dialog.getByRole('article').evaluate((article) => {
      for (let turn = 0; turn < 2; turn += 1)
        article.dispatchEvent(new WheelEvent('wheel', { deltaY: 30, bubbles: true, cancelable: true }));
    });
    await expect.poll(current).toBe(order[start + 1]);
    await page.clock.runFor(NAVIGATION_LOCK_MS);
    await page.mouse.wheel(0, -120);
    await expect.poll(current).toBe(order[start]);

    // ? shows the help, which hides by itself after 3 s: with the clock stopped, still there a moment before, gone
    // at 3 s.
    await pauseClock(page);
    await page.keyboard.press('?');
    const help = dialog.getByRole('region', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.innerText()).toContain('Next klip');
    await saveScreenshot(page, 'desktop-klips-theater-help');
    await page.clock.runFor(KEYBOARD_HELP_HIDE_MS - 1);
    expect(await help.isVisible()).toBe(true);
    await page.clock.runFor(1);
    await help.waitFor({ state: 'detached' });
    await page.clock.resume();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('the snap feed on a phone', () => {
  it('plays a share link’s klip from the server’s page before the app runs, and the app takes it over as it is', async () => {
    const id = klipIds[1]!;
    // The app's code never arrives: the page alone starts the klip, muted as a phone wants before a tap.
    const bare = await openPage(browser, PHONE);
    await bare.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await bare.goto(`${baseUrl}/klips/${id}`);
    await bare.waitForFunction(
      (element) => {
        const media = element as HTMLVideoElement;
        return !media.paused && media.muted && media.currentTime > 0;
      },
      await video(bare, id).elementHandle(),
    );
    await bare.close();

    // Every load of a video from the page's first byte on, by klip: a restart or a second download would be
    // another. (This file's klips share one video file, so it is told by the slide, not by its address.)
    const page = await openPage(browser, PHONE);
    await page.addInitScript(() => {
      const loads: string[] = [];
      Object.assign(window, { videoLoads: loads });
      document.addEventListener(
        'loadstart',
        (event) =>
          loads.push((event.target as Element).closest('article')?.getAttribute('data-klip-id') ?? ''),
        true,
      );
    });
    const readCodeStarts = await recordCodeStarts(page);
    const openedAt = Date.now();
    await page.goto(`${baseUrl}/klips/${id}`);
    await waitForPlaying(page, id);
    const codeStarts = await readCodeStarts();
    expect(codeStarts).toHaveLength(1);
    // At the first frame (HAVE_CURRENT_DATA), or at the latest 3 s on (a machine too busy to show it sooner).
    expect(codeStarts[0]!.readyState >= 2 || Date.now() - openedAt >= 3000).toBe(true);
    const article = page.locator(`article[data-klip-id="${id}"]`);
    // The sound setting follows the klip as it plays: muted, with Unmute to offer.
    await article.getByRole('button', { name: KLIP_PLAYER_MESSAGES.unmute }).waitFor();
    const loads = await page.evaluate(() => (window as unknown as { videoLoads: string[] }).videoLoads);
    expect(loads.filter((klipId) => klipId === id)).toHaveLength(1);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();

    // The server starts it only for a visitor whose settings it knows: not for one who may be signed in.
    const html = (cookie?: string) =>
      fetch(`${baseUrl}/klips/${id}`, {
        headers: { 'sec-ch-ua-mobile': '?1', ...(cookie ? { cookie } : {}) },
      }).then((response) => response.text());
    const autostarted = /<video[^>]*data-autostart/;
    const heldCode = new RegExp(`<template id="${HELD_APP_CODE_ELEMENT_ID}"><script type="module"`);
    const visitor = await html();
    expect(visitor).toMatch(autostarted);
    expect(visitor).toMatch(heldCode);
    expect(await html(`${SESSION_HINT_COOKIE_NAME}=1`)).not.toMatch(autostarted);
  });

  it("starts the app 3 s on when the first klip's video does not come, and at once on a tap", async () => {
    const id = klipIds[1]!;
    for (const tap of [false, true]) {
      const page = await openPage(browser, PHONE);
      // The page's timers run (a test before may have left this context's clock stopped).
      await installClock(page);
      // The video never answers: only the page's fallbacks can start the app (its timer, or the tap).
      await page.route(/\/media\/vid\//, () => undefined);
      const readCodeStarts = await recordCodeStarts(page);
      // Not to the load event, which a media element still loading holds back; returns once the app is ready.
      const loaded = page.goto(`${baseUrl}/klips/${id}`, { waitUntil: 'domcontentloaded' });
      if (tap) {
        // Once the page holds the code (and listens for the tap), well before its 3 s are up.
        await page.waitForFunction(() => document.documentElement.dataset.app === 'held');
        const tappedAt = Date.now();
        await page.mouse.click(187, 300);
        await page.waitForFunction(
          () => (window as unknown as { codeStarts: unknown[] }).codeStarts.length > 0,
        );
        expect(Date.now() - tappedAt).toBeLessThan(2500);
      }
      await loaded;
      expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
      const starts = await readCodeStarts();
      expect(starts).toHaveLength(1);
      expect(starts[0]!.readyState).toBeLessThan(2);
      expect(getPageErrors(page)).toEqual([]);
      await page.close();
    }
  });

  it('plays the klip on screen, pauses the one before, ends with the end card, and counts a view once', async () => {
    const page = await openPage(browser, PHONE);
    const viewCalls: string[] = [];
    page.on('request', (request) => {
      const match = /\/interactions\/klips\/([^/]+)\/view$/.exec(new URL(request.url()).pathname);
      if (match && request.method() === 'POST') viewCalls.push(match[1]!);
    });
    // The page's clock is the test's: it is moved past the view's time instead of waiting it out.
    await installClock(page);
    await page.goto(`${baseUrl}/klips`);
    const feed = page.getByRole('region', { name: 'Klips feed' });
    await feed.waitFor();
    const first = await feed.getByRole('article').first().getAttribute('data-klip-id');
    await waitForPlaying(page, first!);
    await saveScreenshot(page, 'phone-klips-feed');

    // The first klip's view, sent once 3 s of watching have passed.
    await page.clock.runFor(KLIP_VIEW_DEBOUNCE_MS);
    await expect.poll(() => viewCalls.filter((id) => id === first).length, { timeout: 10_000 }).toBe(1);

    const ids = await feed
      .getByRole('article')
      .evaluateAll((articles) => articles.map((article) => article.getAttribute('data-klip-id')!));
    expect(ids.length).toBeGreaterThanOrEqual(KLIP_COUNT);
    for (let index = 1; index < ids.length; index += 1) {
      await page.mouse.move(187, 300);
      await page.mouse.wheel(0, PHONE.height);
      await waitForPlaying(page, ids[index]!);
      expect(await isPaused(page, ids[index - 1]!)).toBe(true);
    }
    // The oldest klip (the last) has a long description and six tags: both folded (docs/product.md "Text display").
    const described = feed.locator(`article[data-klip-id="${klipIds.at(-1)}"]`);
    await described.getByRole('button', { name: '+2 more' }).waitFor();
    expect(await described.getByText('#festive').count()).toBe(0);
    await saveScreenshot(page, 'phone-klips-feed-text');
    await described.getByRole('button', { name: 'more', exact: true }).click();
    await described.getByText('washed in the river.').waitFor();
    await described.getByRole('button', { name: '+2 more' }).click();
    await described.getByText('#festive').waitFor();
    await described.getByRole('button', { name: 'show less' }).waitFor();
    await saveScreenshot(page, 'phone-klips-feed-text-open');

    await page.mouse.move(187, 300);
    await page.mouse.wheel(0, PHONE.height);
    await page.getByText("You've seen all klips!").waitFor();
    expect(await page.getByRole('link', { name: 'Explore More' }).getAttribute('href')).toBe('/shop');
    await saveScreenshot(page, 'phone-klips-feed-end');

    // A reload is the same session: watching the first klip again sends no second view.
    await page.reload();
    await waitForPlaying(page, first!);
    await page.clock.runFor(KLIP_VIEW_DEBOUNCE_MS);
    expect(await isPaused(page, first!)).toBe(false);
    await waitForSentRequests(page);
    expect(viewCalls.filter((id) => id === first)).toHaveLength(1);
    const stats = await api(`/interactions/klips/${first}/stats`);
    expect(stats.views).toBe(1);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
