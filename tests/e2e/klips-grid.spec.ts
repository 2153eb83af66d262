// The Klips page and a creator's klips in a real browser against the real server (decision 0043): three real
// klips (uploaded and transcoded) by one seller, shown at 1280 px as cards with their posters and lengths, searched,
// linked to their creator, opened from a share link; at 375 px the page is the feed. The theater and the feed are other
// modules; only that they are reached is checked here.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { getShopstarSlug } from '../../src/shared/domain/display-name.ts';
import { CREATOR_KLIPS_MESSAGES, KLIPS_MESSAGES } from '../../src/shared/klip-messages.ts';
import { createSeller, createTestApi, SELLER_CONTACT, uploadPhoto } from './support/api.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createPng } from './support/images.ts';
import { createKlip, type TestKlip } from './support/klips.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const username = `ravi.grid.${suffix}`;
const FULL_NAME = 'Ravi Handlooms';
const api = createTestApi('198.51.100.43');
const browser = useTestBrowser();

// Oldest first; the page lists them newest first. Each title has a word of its own, for the search.
const KLIPS = [
  { title: `Saree drape ${suffix}sa`, tags: ['saree'] },
  { title: `Brass diya unboxing ${suffix}di`, tags: ['diwali'] },
  { title: `Kurta haul ${suffix}ku`, tags: ['festive'] },
];
let klips: TestKlip[] = [];

beforeAll(async () => {
  const { token } = await createSeller(api, { username, fullName: FULL_NAME });
  const photo = await uploadPhoto(api, token, await createPng(600, 600, '#c2410c'));
  const { product } = await api('/content', {
    method: 'POST',
    token,
    json: {
      type: 'product',
      name: `Handloom Saree ${suffix}`,
      price: 2499,
      category: 'Fashion - Women',
      images: [photo],
      ...SELLER_CONTACT,
    },
  });
  klips = [];
  for (const klip of KLIPS)
    klips.push(await createKlip(api, token, { ...klip, productId: product.id as string }));
}, 180_000);

const card = (page: Page, id: string) => page.locator(`li[data-klip-id="${id}"]`);

/** The ids of the cards on the page, in order. */
const cardIds = (page: Page) =>
  page
    .locator('li[data-klip-id]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-klip-id')));

describe('the Klips page at 1280 px', () => {
  it('shows the klips newest first with their posters, lengths and creators', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/klips`);
    await page.getByRole('heading', { level: 1, name: KLIPS_MESSAGES.title }).waitFor();
    await page.getByText(KLIPS_MESSAGES.tagline).waitFor();
    for (const klip of klips) await card(page, klip.id).waitFor();

    const ids = await cardIds(page);
    const positions = klips.map((klip) => ids.indexOf(klip.id));
    expect(positions[2]).toBeLessThan(positions[1]!);
    expect(positions[1]).toBeLessThan(positions[0]!);

    const newest = card(page, klips[2]!.id);
    expect(await newest.innerText()).toContain(KLIPS[2]!.title);
    // A 2-second test video.
    expect(await newest.textContent()).toMatch(/Duration 0:0[12]/);
    // The poster arrived, in the best format the browser takes.
    const poster = newest.locator('picture img');
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await poster.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    const box = (await newest.locator('picture').locator('..').boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(16 / 9, 1);

    // Four columns at 1280 px: the first four cards share a row.
    const tops = await page
      .locator('li[data-klip-id]')
      .evaluateAll((items) => items.slice(0, 4).map((item) => Math.round(item.getBoundingClientRect().top)));
    if (tops.length === 4) expect(new Set(tops).size).toBe(1);

    // The theater button shows when the pointer rests on the card.
    const theaterButton = newest.getByRole('button', { name: KLIPS_MESSAGES.viewInTheater });
    await newest.hover();
    await expect.poll(() => theaterButton.evaluate((button) => getComputedStyle(button).opacity)).toBe('1');
    await saveScreenshot(page, 'desktop-klips-grid');
    await theaterButton.click();

    // The creator's name leads to their page, by the spec's rule.
    const creator = newest.getByRole('link', { name: username });
    expect(await creator.getAttribute('href')).toBe(`/shopstar/${getShopstarSlug(username)}`);
    await page.keyboard.press('Escape');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('narrows the klips as the shopper types, and keeps the search in the URL', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/klips`);
    await card(page, klips[0]!.id).waitFor();
    await page.getByPlaceholder(KLIPS_MESSAGES.searchPlaceholder).fill(`${suffix}di`);
    await expect.poll(() => cardIds(page)).toEqual([klips[1]!.id]);
    await expect.poll(async () => (await readLocation(page)).path).toBe(`/klips?search=${suffix}di`);
    await saveScreenshot(page, 'desktop-klips-search');

    // A reload asks the server for the same search.
    await page.reload();
    await card(page, klips[1]!.id).waitFor();
    expect(await cardIds(page)).toEqual([klips[1]!.id]);
    expect(await page.getByPlaceholder(KLIPS_MESSAGES.searchPlaceholder).inputValue()).toBe(`${suffix}di`);

    await page.getByPlaceholder(KLIPS_MESSAGES.searchPlaceholder).fill(`nothing${suffix}`);
    await page.getByText('No klips found').waitFor();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('goes to the creator’s page from a card, which lists their klips', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/klips?search=${suffix}ku`);
    await card(page, klips[2]!.id).getByRole('link', { name: username }).click();
    await page.waitForURL(`${baseUrl}/shopstar/${getShopstarSlug(username)}`);
    await page.getByRole('heading', { level: 1, name: FULL_NAME }).waitFor();
    await page.getByRole('heading', { level: 2, name: CREATOR_KLIPS_MESSAGES.heading }).waitFor();
    const list = page.getByRole('list', { name: `${FULL_NAME}'s klips` });
    await list.locator('li[data-klip-id]').nth(2).waitFor();
    expect(
      await list.locator('li[data-klip-id]').evaluateAll((items) => items.map((item) => item.dataset.klipId)),
    ).toEqual([...klips].reverse().map((klip) => klip.id));
    await list.locator('picture img').first().scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'desktop-creator-klips');

    // Opening one goes to /klips, which takes the hand-off (the theater opens there).
    await list.getByRole('button', { name: KLIPS_MESSAGES.viewInTheater }).first().click();
    await page.waitForURL(`${baseUrl}/klips`);
    await card(page, klips[2]!.id).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('lootklip.klipHandoff'))).toBeNull();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('opens a share link at /klips with that klip, once', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/klips/${klips[0]!.id}`);
    await card(page, klips[0]!.id).waitFor();
    // The state is cleared once read, so a reload or Back does not open the klip again.
    await expect
      .poll(async () => readLocation(page), { timeout: 10_000 })
      .toEqual({ path: '/klips', state: null });
    await card(page, klips[0]!.id).waitFor();
    // A share link to a klip that does not exist says so and shows the page.
    await page.goto(`${baseUrl}/klips/no-such-klip-${suffix}`);
    await page.getByText(KLIPS_MESSAGES.klipFetchFailed).waitFor();
    await card(page, klips[2]!.id).waitFor();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('the Klips page at 375 px', () => {
  it('is the feed, without errors; the creator’s page shows the klips as a grid', async () => {
    const page = await openPage(browser, PHONE);
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/content?')) listRequests.push(request.url());
    });
    await page.goto(`${baseUrl}/klips`);
    // The feed shows the klips from the answer that came with the page (page-preloads.ts), without asking again.
    await page.locator('article[data-klip-id]').first().waitFor();
    expect(listRequests).toEqual([]);
    expect(await page.locator('li[data-klip-id]').count()).toBe(0);
    await saveScreenshot(page, 'phone-klips');
    expect(getPageErrors(page)).toEqual([]);

    await page.goto(`${baseUrl}/shopstar/${getShopstarSlug(username)}`);
    const list = page.getByRole('list', { name: `${FULL_NAME}'s klips` });
    await list.locator('li[data-klip-id]').nth(2).waitFor();
    await list.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'phone-creator-klips');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
