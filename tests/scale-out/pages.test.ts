// The pages of the scale-out shape in a real browser (decision 0084): a product made through instance A, with a
// photo uploaded through A, is read by a shopper on instance B at phone size and through the balancer at desktop
// size: the page is rendered, its photo comes from the shared store, and nothing errs. And one shopper's Loot Box
// in two tabs, one on A and one on B, each adding a product at once: both end up with both (decision 0038).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOOTBOX_MESSAGES } from '../../src/shared/lootbox-messages.ts';
import { createPng } from '../e2e/support/images.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
  type Viewport,
} from '../e2e/support/browser.ts';
import {
  createClient,
  createRunAddress,
  RUN,
  signUp,
  urlOf,
  waitFor,
  type Call,
  type TestUser,
  type Via,
} from './support/client.ts';
import { signInBrowser } from './support/pages.ts';

const browser = useTestBrowser();
const name = `Blue Pottery Vase ${RUN}`;
let productId: string;
let call: Call;
let seller: TestUser;

beforeAll(async () => {
  call = createClient(createRunAddress());
  seller = await signUp(call, 'A', 'ishaan');
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await createPng(640, 480, '#2a6f97'))], { type: 'image/png' }),
    'vase.png',
  );
  const uploaded = await call('A', '/api/v1/media/images', {
    method: 'POST',
    body: form,
    token: seller.token,
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  productId = await createProduct(name, 1499, [uploaded.body.data.id]);
});

describe.each([
  ['B', PHONE],
  ['balancer', DESKTOP],
] as [Via, Viewport][])('a product made through A, read through %s', (via, viewport) => {
  it('shows its page with the photo A stored', async () => {
    const page = await openPage(browser, viewport);
    const photos: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/media/img/'))
        photos.push({ url: response.url(), status: response.status() });
    });
    await page.goto(`${urlOf(via)}/product/${productId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const photo = page.locator('main img[src*="/media/img/"]').first();
    await photo.waitFor();
    await page.waitForFunction(
      (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
      await photo.elementHandle(),
    );
    expect(photos.length).toBeGreaterThan(0);
    expect(photos.every((answer) => answer.status === 200 && answer.url.startsWith(urlOf(via)))).toBe(true);
    await saveScreenshot(page, `scale-out-product-${via}-${viewport.width}`);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});

/** A product of the seller's, made through A. */
async function createProduct(productName: string, price: number, images: string[] = []): Promise<string> {
  const created = await call('A', '/api/v1/content', {
    method: 'POST',
    token: seller.token,
    json: {
      type: 'product',
      category: 'Home',
      contactInfo: { whatsapp: '9876543210' },
      name: productName,
      price,
      images,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.product.id;
}

const lootBoxButton = (page: Page, count: number) =>
  page.getByRole('button', {
    name: count === 0 ? 'Loot Box' : `Loot Box, ${count} ${count === 1 ? 'item' : 'items'}`,
    exact: true,
  });

describe('one Loot Box in two tabs, one on A and one on B', () => {
  it('keeps both products each tab added at once', async () => {
    const products = [
      { name: `Terracotta Planter ${RUN}`, id: await createProduct(`Terracotta Planter ${RUN}`, 650) },
      { name: `Cane Basket ${RUN}`, id: await createProduct(`Cane Basket ${RUN}`, 420) },
    ];
    const shopper = await signUp(call, 'B', 'riya');
    const first = await openPage(browser, DESKTOP);
    await signInBrowser(browser.context, call, 'A', shopper);
    const second = await openPage(browser, DESKTOP, { keepCookies: true });
    const tabs = [
      { page: first, via: 'A' as const, product: products[0]! },
      { page: second, via: 'B' as const, product: products[1]! },
    ];
    for (const { page, via, product } of tabs) {
      page.setDefaultTimeout(30_000);
      await page.goto(`${urlOf(via)}/product/${product.id}`);
      await lootBoxButton(page, 0).waitFor();
    }

    // Neither tab knows of the other's save: whichever saves second is based on an older copy and merges. Each tab
    // saves through its own instance.
    const saves = tabs.map(({ page }) =>
      page.waitForResponse(
        (response) =>
          response.url().includes('/api/v1/lootbox') &&
          response.request().method() !== 'GET' &&
          response.ok(),
      ),
    );
    await Promise.all(
      tabs.map(({ page }) => page.getByRole('button', { name: LOOTBOX_MESSAGES.addToLoot }).click()),
    );
    expect((await Promise.all(saves)).map((save) => new URL(save.url()).origin)).toEqual([
      urlOf('A'),
      urlOf('B'),
    ]);
    const saved = await waitFor(
      'both products in the saved Loot Box',
      async () => {
        const answer = await call('balancer', '/api/v1/lootbox?status=active&limit=1', {
          token: shopper.token,
        });
        return (answer.body.lootboxes?.[0]?.items ?? []).map((item: { productId: string }) => item.productId);
      },
      (ids: string[]) => products.every((product) => ids.includes(product.id)),
    );
    expect(saved).toHaveLength(2);

    for (const { page } of tabs) {
      await page.reload();
      await lootBoxButton(page, 2).click();
      const dropdown = page.getByRole('dialog', { name: 'Loot Box' });
      for (const product of products) await dropdown.getByRole('listitem', { name: product.name }).waitFor();
      expect(getPageErrors(page)).toEqual([]);
    }
    await saveScreenshot(second, 'scale-out-lootbox-two-tabs-B-1280');
    await first.close();
    await second.close();
  });
});
