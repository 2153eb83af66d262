// The product gallery in real Chromium: a product with three uploaded photos, swiped with real touch events at
// phone size (on the page and in the full-screen viewer), and stepped, picked and zoomed with the mouse on desktop.
import type { CDPSession, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createSeller, createTestApi, uploadPhoto } from './support/api.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
const PRODUCT_NAME = `Terracotta Planter ${suffix}`;
let product: { id: string; images: { url: string; srcSet: Record<string, string> }[] };

const api = createTestApi('198.20.0.7');

/** A photo with a pattern and a big number, so that the zoom and the change of image show in screenshots. */
function createNumberedPng(color: string, label: string): Promise<Buffer> {
  const dots = Array.from({ length: 36 }, (_, index) => {
    const [x, y] = [75 + (index % 6) * 150, 75 + Math.floor(index / 6) * 150];
    return `<circle cx="${x}" cy="${y}" r="${20 + (index % 4) * 8}" fill="white" fill-opacity="0.35"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900">
    <rect width="900" height="900" fill="${color}"/>${dots}
    <text x="450" y="560" font-size="360" font-family="sans-serif" font-weight="700" fill="white"
      text-anchor="middle">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

beforeAll(async () => {
  const { token } = await createSeller(api, { username: `potter.${suffix}`, fullName: 'Ravi Pottery' });
  const images = [
    await uploadPhoto(api, token, await createNumberedPng('#c2410c', '1')),
    await uploadPhoto(api, token, await createNumberedPng('#15803d', '2')),
    await uploadPhoto(api, token, await createNumberedPng('#1d4ed8', '3')),
  ];
  ({ product } = await api('/content', {
    method: 'POST',
    token,
    json: {
      type: 'product',
      name: PRODUCT_NAME,
      description: 'Hand-thrown in Khurja and fired in a wood kiln.',
      price: 899,
      discount: 10,
      category: 'Home - Decor',
      tags: ['terracotta', 'planter'],
      contactInfo: { whatsapp: '98765 43210' },
      images,
    },
  }));
});

async function openProduct(page: Page): Promise<Locator> {
  await page.goto(`${baseUrl}/product/${product.id}`);
  await page.getByRole('heading', { name: PRODUCT_NAME }).waitFor();
  const gallery = page.getByRole('region', { name: `Photos of ${PRODUCT_NAME}` });
  await gallery.getByText('1 / 3').waitFor();
  return gallery;
}

/** Steps are refused for 300 ms after each change; the arrows say so with aria-disabled. */
async function waitForUnlocked(scope: Locator): Promise<void> {
  await scope.locator('button[aria-label="Next image"]:not([aria-disabled])').waitFor();
}

/** The slide-in of a new image (and any zoom transition) has ended: screenshots show the resting state. */
async function waitForAnimations(scope: Locator): Promise<void> {
  await scope.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

/** The image's main <img> has loaded a real photo (not the placeholder) from the responsive srcset. */
async function expectPhotoLoaded(scope: Locator): Promise<void> {
  const image = scope.getByRole('img', { name: new RegExp(`^${PRODUCT_NAME}, image`) });
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
  expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/media\//);
}

async function findCenter(target: Locator): Promise<{ x: number; y: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the touch target is not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A finger on the touch screen, through the DevTools protocol (the test browser context has no hasTouch). */
async function attachFinger(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  return {
    /** Slides the finger dx pixels sideways (negative: to the left) across the middle of the target. */
    swipe: async (target: Locator, dx: number) => {
      const { x, y } = await findCenter(target);
      await touch('touchStart', [{ x: x - dx / 2, y }]);
      for (let step = 1; step <= 5; step += 1) {
        await touch('touchMove', [{ x: x - dx / 2 + (dx * step) / 5, y: y + step }]);
      }
      await touch('touchEnd', []);
    },
    tap: async (target: Locator) => {
      await touch('touchStart', [await findCenter(target)]);
      await touch('touchEnd', []);
    },
  };
}

function readBodyOverflow(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).overflow);
}

function hasFocus(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node === document.activeElement);
}

function isFocusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.contains(document.activeElement));
}

describe('product gallery at phone size', () => {
  it('swipes with a finger, opens the full-screen viewer on a tap, swipes there and closes', async () => {
    const page = await openPage(browser, PHONE);
    const finger = await attachFinger(page);
    const gallery = await openProduct(page);
    const stage = gallery.getByRole('button', { name: 'Open full-screen view' });
    await expectPhotoLoaded(gallery);
    await saveScreenshot(page, 'phone-product-gallery');

    // A swipe to the left shows the next photo and is not also a tap (no viewer opens).
    await finger.swipe(stage, -160);
    await gallery.getByText('2 / 3').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Shorter than 50 px sideways: no change, and no tap either.
    await waitForUnlocked(gallery);
    await finger.swipe(stage, -40);
    await gallery.getByText('2 / 3').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // To the right twice: back to the first photo, then around to the last.
    await finger.swipe(stage, 160);
    await gallery.getByText('1 / 3').waitFor();
    await waitForUnlocked(gallery);
    await finger.swipe(stage, 160);
    await gallery.getByText('3 / 3').waitFor();

    await finger.tap(stage);
    const viewer = page.getByRole('dialog', { name: PRODUCT_NAME });
    await viewer.waitFor();
    await viewer.getByText('3 / 3').waitFor();
    await viewer.getByText('Swipe to navigate').waitFor();
    await expectPhotoLoaded(viewer);
    expect(await readBodyOverflow(page)).toBe('hidden');
    expect(await isFocusInside(viewer)).toBe(true);
    for (let press = 0; press < 4; press += 1) {
      await page.keyboard.press('Tab');
      expect(await isFocusInside(viewer)).toBe(true);
    }
    // Full screen (less the classic scroll bar of desktop Chromium).
    const viewerBox = (await viewer.boundingBox())!;
    expect(viewerBox).toMatchObject({ x: 0, y: 0, height: PHONE.height });
    expect(viewerBox.width).toBeGreaterThan(PHONE.width - 20);

    const photo = viewer.getByRole('img', { name: new RegExp(`^${PRODUCT_NAME}, image`) });
    await waitForUnlocked(viewer);
    await finger.swipe(photo, -160);
    await viewer.getByText('1 / 3').waitFor();
    await waitForUnlocked(viewer);
    await finger.swipe(photo, -160);
    await viewer.getByText('2 / 3').waitFor();
    await expectPhotoLoaded(viewer);
    await waitForAnimations(viewer);
    await saveScreenshot(page, 'phone-product-gallery-viewer');

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await gallery.getByText('2 / 3').waitFor();
    await expect.poll(() => readBodyOverflow(page)).not.toBe('hidden');
    await expect.poll(() => hasFocus(stage)).toBe(true);

    // The viewer ignores a toggle within 300 ms of the last one (the double-toggle guard). A change of image
    // after the toggle, waited out by its 300 ms lock, proves that much time has passed, without sleeping.
    await finger.swipe(stage, -160);
    await gallery.getByText('3 / 3').waitFor();
    await waitForUnlocked(gallery);
    await finger.tap(stage);
    await viewer.getByText('3 / 3').waitFor();
    await finger.swipe(photo, 160);
    await viewer.getByText('2 / 3').waitFor();
    await waitForUnlocked(viewer);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });
    await gallery.getByText('2 / 3').waitFor();
    await expect.poll(() => hasFocus(stage)).toBe(true);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('product gallery at desktop size', () => {
  it('steps with the arrows and keys, picks thumbnails, zooms under the mouse and survives a broken photo', async () => {
    const page = await openPage(browser, DESKTOP);
    // The third photo cannot be loaded: every variant of it fails.
    const broken = product.images[2]!;
    const brokenPaths = new Set(
      [broken.url, ...Object.values(broken.srcSet).flatMap((set) => set.split(','))]
        .map((entry) => entry.trim().split(' ')[0] ?? '')
        .filter((url) => url !== '')
        .map((url) => new URL(url, baseUrl).pathname),
    );
    await page.route(
      (url) => brokenPaths.has(url.pathname),
      (route) => route.abort(),
    );
    const gallery = await openProduct(page);
    await expectPhotoLoaded(gallery);
    expect(await gallery.getByRole('button', { name: 'Open full-screen view' }).count()).toBe(0);

    const next = gallery.getByRole('button', { name: 'Next image' });
    const previous = gallery.getByRole('button', { name: 'Previous image' });
    await next.click();
    await gallery.getByText('2 / 3').waitFor();
    await previous.click(); // waits out the 300 ms lock: the arrow is aria-disabled until then
    await gallery.getByText('1 / 3').waitFor();
    await previous.click();
    await gallery.getByText('3 / 3').waitFor();
    await gallery.getByRole('img', { name: `${PRODUCT_NAME}, image 3 of 3 (Image unavailable)` }).waitFor();

    const strip = gallery.getByRole('list');
    const columns = await strip.evaluate((element) =>
      getComputedStyle(element).gridTemplateColumns.split(' '),
    );
    expect(columns).toHaveLength(5);
    const thumbnail = gallery.getByRole('button', { name: 'Show image 2' });
    await thumbnail.click();
    await gallery.getByText('2 / 3').waitFor();
    expect(await thumbnail.getAttribute('aria-current')).toBe('true');
    const thumbnailBox = await thumbnail.boundingBox();
    const stripBox = await strip.boundingBox();
    expect(thumbnailBox!.width).toBeLessThan(stripBox!.width / 5);
    expect(thumbnailBox!.width).toBeGreaterThan(stripBox!.width / 5 - 12);

    await waitForUnlocked(gallery);
    await page.keyboard.press('ArrowRight');
    await gallery.getByText('3 / 3').waitFor();
    await waitForUnlocked(gallery);
    await page.keyboard.press('ArrowRight');
    await gallery.getByText('1 / 3').waitFor();
    await expectPhotoLoaded(gallery);
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await waitForAnimations(gallery);
    await saveScreenshot(page, 'desktop-product-gallery');

    const zoom = page.getByTestId('gallery-zoom');
    const box = (await zoom.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.75);
    const layer = zoom.locator('> div');
    await expect
      .poll(() => layer.evaluate((element) => getComputedStyle(element).transform))
      .toBe('matrix(1.8, 0, 0, 1.8, 0, 0)');
    const origin = await layer.evaluate((element) => getComputedStyle(element).transformOrigin);
    const [originX, originY] = origin.split(' ').map((value) => Number.parseFloat(value));
    expect(originX).toBeCloseTo(box.width * 0.25, 0);
    expect(originY).toBeCloseTo(box.height * 0.75, 0);
    await waitForAnimations(gallery);
    await saveScreenshot(page, 'desktop-product-gallery-zoom');

    await page.mouse.move(box.x + box.width + 200, box.y);
    await expect.poll(() => layer.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
