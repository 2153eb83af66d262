// The klip form against the real server and its real transcode job: a wrong-type or too-large file is refused in
// the browser with the message and nothing is sent; a seller picks a real video, watches its upload's progress
// (cancelled once on a phone), picks a poster frame, fills the form, features their product and publishes; the
// edit page shows processing, then the active klip; the title is edited, and the klip deleted.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../src/shared/constants.ts';
import { KLIP_FORM_MESSAGES } from '../../src/shared/klip-form-messages.ts';
import { KLIP_MESSAGES } from '../../src/shared/klip-messages.ts';
import { createTestApi, SELLER_CONTACT, signInSeller } from './support/api.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
  type Viewport,
} from './support/browser.ts';
import { createTestVideo } from './support/klips.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.51.100.31');
const browser = useTestBrowser();
const PRODUCT_NAME = `Block Print Dupatta ${suffix}`;

let video: Buffer;
let tooLargeFile: string;
let tempDir: string;
let sellerToken = '';

beforeAll(async () => {
  // Long and large enough that the throttled upload and the transcode can be watched.
  video = await createTestVideo({ seconds: 6, width: 360, height: 640 });
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-klip-form-'));
  tooLargeFile = path.join(tempDir, 'long-take.mp4');
  // Sparse: one byte over the limit, without writing 200 MB to disk.
  fs.writeFileSync(tooLargeFile, '');
  fs.truncateSync(tooLargeFile, MAX_VIDEO_BYTES + 1);
});
afterAll(() => {
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** E2E_USER's token (the browser signed up first) and one product of theirs to feature. */
async function prepareSeller(): Promise<void> {
  const seller = await signInSeller(api);
  sellerToken = seller.token;
  const { items } = await api(
    `/content?type=product&uid=${seller.uid}&search=${encodeURIComponent(PRODUCT_NAME)}`,
  );
  if (items.length === 0) {
    await api('/content', {
      method: 'POST',
      token: sellerToken,
      json: {
        type: 'product',
        category: 'Fashion - Women',
        name: PRODUCT_NAME,
        price: 799,
        discount: 0,
        ...SELLER_CONTACT,
      },
    });
  }
}

/** Every upload the page starts. */
function recordVideoUploads(page: Page): string[] {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/media/videos') {
      uploads.push(request.url());
    }
  });
  return uploads;
}

/** Slows uploads down to a phone's pace, so that the progress bar is there to see; null lifts it. */
async function throttleUploads(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

function pickVideo(page: Page, name = 'klip.mp4') {
  return page
    .getByLabel(/^Choose (a|another) video$/)
    .setInputFiles({ name, mimeType: 'video/mp4', buffer: video });
}

async function getKlip(id: string): Promise<{ title: string; productId: string | null; status: string }> {
  return (await api(`/klips/${id}`, { token: sellerToken })).klip;
}

async function createKlipThroughForm(page: Page, name: string, viewport: Viewport): Promise<string> {
  const title = `Draping the dupatta ${suffix} ${name}`;
  const uploads = recordVideoUploads(page);
  await page.goto(`${baseUrl}/create/klip`);
  await page.getByRole('heading', { name: 'Create Klip', level: 1 }).waitFor();
  await page.getByText(KLIP_FORM_MESSAGES.limits(200, 3)).waitFor();
  await saveScreenshot(page, `${name}-klip-form-empty`);

  if (viewport === PHONE) {
    // Refused in the browser, each with its message, and nothing sent.
    await page.getByLabel('Choose a video').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a video'),
    });
    await page.getByRole('alert').getByText(KLIP_FORM_MESSAGES.videoType('notes.txt')).waitFor();
    await page.getByLabel('Choose a video').setInputFiles(tooLargeFile);
    await page.getByRole('alert').getByText(KLIP_FORM_MESSAGES.videoTooBig('long-take.mp4', 200)).waitFor();
    await saveScreenshot(page, `${name}-klip-form-refused`);
    expect(uploads).toHaveLength(0);
  }

  await throttleUploads(page, 150_000);
  await pickVideo(page);
  const progress = page.getByRole('progressbar', { name: 'Uploading video' });
  await progress.waitFor();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await saveScreenshot(page, `${name}-klip-form-uploading`);
  expect(await page.getByRole('button', { name: 'Uploading video...' }).isDisabled()).toBe(true);
  if (viewport === PHONE) {
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await page.getByRole('alert').getByText(KLIP_FORM_MESSAGES.uploadCancelled).waitFor();
    await progress.waitFor({ state: 'detached' });
    await pickVideo(page);
    await progress.waitFor();
  }
  // Seen in progress: the rest of the upload at full speed.
  await throttleUploads(page, null);
  await page.getByText('Uploaded klip.mp4').waitFor({ timeout: 60_000 });
  expect(uploads).toHaveLength(viewport === PHONE ? 2 : 1);

  // The poster: a frame 3 s in, drawn and uploaded by the browser.
  const slider = page.getByRole('slider', { name: 'Poster frame' });
  await expect.poll(() => slider.isEnabled()).toBe(true);
  await slider.fill('3');
  await page.getByRole('button', { name: 'Use this frame' }).click();
  await page.getByText('Poster: the frame at 0:03').waitFor();
  await page.getByRole('img', { name: 'Chosen poster frame' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, `${name}-klip-form-poster`);

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Three ways to drape a block-printed dupatta.');
  await page.getByLabel('Tags').fill('dupatta, handblock,');
  await page.getByRole('radio', { name: PRODUCT_NAME }).check();
  await page.getByTestId('featured-product').getByText(PRODUCT_NAME).waitFor();
  await saveScreenshot(page, `${name}-klip-form-filled`);

  const created = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/content',
  );
  await page.getByRole('button', { name: 'Publish Klip' }).click();
  // The picked frame is the poster: its uploaded image goes with the klip.
  expect((await created).postDataJSON()).toMatchObject({ type: 'klip', title, posterId: expect.any(String) });
  await page.waitForURL(/\/edit-klip\/[^/]+$/);
  const id = decodeURIComponent((await readLocation(page)).path.split('/').pop() ?? '');
  await page.getByText(KLIP_FORM_MESSAGES.processing).waitFor();
  await saveScreenshot(page, `${name}-klip-edit-processing`);
  const saved = await getKlip(id);
  expect(saved.title).toBe(title);
  expect(saved.productId).not.toBeNull();
  return id;
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('klip form at %s size', (name, viewport) => {
  it('refuses bad files, uploads with progress, publishes, shows processing then active, edits and deletes', async () => {
    const page = await openPage(browser, viewport, { signedIn: true });
    await prepareSeller();
    const id = await createKlipThroughForm(page, name, viewport);

    // The real transcode job finishes; the page finds out by itself.
    await page.getByText(KLIP_FORM_MESSAGES.active).waitFor({ timeout: 90_000 });
    await page.getByRole('link', { name: 'View klip' }).waitFor();
    expect(await page.getByRole('link', { name: 'View klip' }).getAttribute('href')).toBe(`/klips/${id}`);
    await page.getByLabel(/^Klip: /).waitFor();
    await saveScreenshot(page, `${name}-klip-edit-active`);

    const newTitle = `Dupatta drapes ${suffix} ${name}`;
    await page.getByLabel('Title').fill(newTitle);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(KLIP_FORM_MESSAGES.updated).waitFor();
    expect((await getKlip(id)).title).toBe(newTitle);

    await page.getByRole('button', { name: 'Delete Klip' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Delete “${newTitle}”?`).waitFor();
    await saveScreenshot(page, `${name}-klip-delete-dialog`);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(/\/profile\/[^/]+$/);
    await expect(getKlip(id)).rejects.toThrow(/404/);

    // Gone: its edit page says so, with a way back.
    await page.goto(`${baseUrl}/edit-klip/${id}`);
    await page.getByText(KLIP_MESSAGES.notFound).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  }, 180_000);
});
