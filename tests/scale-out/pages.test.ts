// The pages of the scale-out shape in a real browser (decision 0084): a product made through instance A, with a
// photo uploaded through A, is read by a shopper on instance B at phone size and through the balancer at desktop
// size: the page is rendered, its photo comes from the shared store, and nothing errs.
import { beforeAll, describe, expect, it } from 'vitest';
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
import { createClient, createRunAddress, RUN, signUp, urlOf, type Via } from './support/client.ts';

const browser = useTestBrowser();
const name = `Blue Pottery Vase ${RUN}`;
let productId: string;

beforeAll(async () => {
  const call = createClient(createRunAddress());
  const seller = await signUp(call, 'A', 'ishaan');
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
  const created = await call('A', '/api/v1/content', {
    method: 'POST',
    token: seller.token,
    json: {
      type: 'product',
      category: 'Home',
      contactInfo: { whatsapp: '9876543210' },
      name,
      price: 1499,
      images: [uploaded.body.data.id],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  productId = created.body.product.id;
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
