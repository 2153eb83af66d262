// Klips across instances in a real browser (decisions 0078, 0081 and 0084): a seller's klip uploaded through A and
// transcoded by the worker plays in Chromium on B; a like tapped on A shows its count on B; a comment posted on A
// reaches the klip owner's page open on B without a reload (Redis pub/sub to B's stream).
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from '../../src/shared/notifications-messages.ts';
import { findViolations } from '../e2e/support/axe.ts';
import {
  DESKTOP,
  getPageErrors,
  launchBrowser,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from '../e2e/support/browser.ts';
import { createTestVideo } from '../e2e/support/klips.ts';
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
const title = `Copper lota care ${RUN}`;
/** Waits fail with what they waited for, well inside a test's time. */
const WAIT_MS = 30_000;
let call: Call;
let seller: TestUser;
let shopper: TestUser;
let klipId: string;

// The klip is made once for the file, through A, and the hook waits on B until the worker has made it active.
beforeAll(async () => {
  call = createClient(createRunAddress());
  seller = await signUp(call, 'A', 'farhan');
  shopper = await signUp(call, 'B', 'kavya');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await createTestVideo())], { type: 'video/mp4' }), 'klip.mp4');
  const uploaded = await call('A', '/api/v1/media/videos', {
    method: 'POST',
    body: form,
    token: seller.token,
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const created = await call('A', '/api/v1/content', {
    method: 'POST',
    token: seller.token,
    json: { type: 'klip', title, videoId: uploaded.body.data.id },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  klipId = created.body.klip.id;
  const read = await waitFor(
    'the klip out of processing, read on B',
    () => call('B', `/api/v1/klips/${klipId}`, { token: seller.token }),
    (answer) => answer.status !== 200 || answer.body.klip.status !== 'processing',
    120_000,
  );
  expect(read.body.klip).toMatchObject({ status: 'active' });
});

/** A phone page on the klip's share link through `via`: its slide in the feed. */
async function openKlip(page: Page, via: Via): Promise<Locator> {
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${urlOf(via)}/klips/${klipId}`);
  const article = page.locator(`article[data-klip-id="${klipId}"]`);
  await article.waitFor();
  return article;
}

const likeButton = (article: Locator) => article.getByRole('button', { name: /^Like,/ });

async function readCount(button: Locator): Promise<number> {
  const label = (await button.getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) /.exec(label)?.[1] ?? NaN);
}

describe('klips across instances in the browser', () => {
  it('plays on B, at 375 px, a klip uploaded through A and transcoded by the worker', async () => {
    const page = await openPage(browser, PHONE);
    const videos: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/media/vid/'))
        videos.push({ url: response.url(), status: response.status() });
    });
    const article = await openKlip(page, 'B');
    const video = await article.locator('video').elementHandle();
    await page.waitForFunction((element) => {
      const media = element as HTMLVideoElement;
      return !media.paused && media.currentTime > 0 && media.videoWidth > 0;
    }, video);
    expect(videos.length).toBeGreaterThan(0);
    expect(
      videos.every((answer) => [200, 206].includes(answer.status) && answer.url.startsWith(urlOf('B'))),
    ).toBe(true);
    await saveScreenshot(page, 'scale-out-klip-playing-B-375');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows on B the like a shopper tapped on A', async () => {
    const onA = await openPage(browser, PHONE);
    await signInBrowser(browser.context, call, 'A', shopper);
    const article = await openKlip(onA, 'A');
    const like = likeButton(article);
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: WAIT_MS }).toBe('false');
    const before = await readCount(like);
    const answered = onA.waitForResponse(
      (response) => response.url().endsWith(`/interactions/klips/${klipId}/like`) && response.ok(),
    );
    await like.click();
    expect(new URL((await answered).url()).origin).toBe(urlOf('A'));
    await expect.poll(() => like.getAttribute('aria-pressed'), { timeout: WAIT_MS }).toBe('true');

    const onB = await openPage(browser, PHONE, { keepCookies: true });
    const seen = likeButton(await openKlip(onB, 'B'));
    await expect.poll(() => seen.getAttribute('aria-pressed'), { timeout: WAIT_MS }).toBe('true');
    expect(await readCount(seen)).toBe(before + 1);
    await saveScreenshot(onB, 'scale-out-klip-liked-B-375');
    expect(getPageErrors(onA)).toEqual([]);
    expect(getPageErrors(onB)).toEqual([]);
    await onA.close();
    await onB.close();
  });

  it("brings a comment posted on A to the owner's page open on B at 1280 px, without a reload", async () => {
    const read = await call('A', '/api/v1/notifications/read-all', { method: 'POST', token: seller.token });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    // The owner, in a browser of their own (cookies are the host's, and the shopper is signed in in this one).
    const ownerBrowser = await launchBrowser();
    onTestFinished(() => ownerBrowser.close());
    const owner = await openPage(ownerBrowser, DESKTOP);
    owner.setDefaultTimeout(WAIT_MS);
    await signInBrowser(ownerBrowser.context, call, 'B', seller);
    // The count must come through the open stream, so the comment is posted once it is open.
    const streamOpen = owner.waitForResponse(
      (response) => response.url().endsWith('/api/v1/notifications/stream') && response.ok(),
    );
    await owner.goto(`${urlOf('B')}/`);
    expect(new URL((await streamOpen).url()).origin).toBe(urlOf('B'));
    const bell = owner.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: WAIT_MS }).toBe(M.open);
    // Gone if the page were loaded again.
    await owner.evaluate(() => Object.assign(window, { stillThisPage: true }));

    const shopperPage = await openPage(browser, PHONE);
    await signInBrowser(browser.context, call, 'A', shopper);
    const article = await openKlip(shopperPage, 'A');
    await article.getByRole('button', { name: /^Comments,/ }).click();
    const box = shopperPage
      .getByRole('dialog', { name: /^Comments/ })
      .getByRole('textbox', { name: 'Add a comment...' });
    await box.fill('Does it come with a lid?');
    const posted = shopperPage.waitForResponse(
      (response) =>
        response.url().endsWith(`/interactions/klips/${klipId}/comments`) &&
        response.request().method() === 'POST',
    );
    await box.press('Enter');
    const answer = await posted;
    expect(answer.status()).toBe(201);
    expect(new URL(answer.url()).origin).toBe(urlOf('A'));

    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: WAIT_MS })
      .toBe(`${M.open}, ${M.unread(1)}`);
    expect(await owner.evaluate(() => 'stillThisPage' in window)).toBe(true);
    await bell.click();
    const summary = M.commented(`kavya.${RUN}`, 0, title);
    await owner
      .getByRole('link', { name: new RegExp(summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .waitFor();
    expect(await findViolations(owner)).toEqual([]);
    await saveScreenshot(owner, 'scale-out-notification-B-1280');
    expect(getPageErrors(shopperPage)).toEqual([]);
    expect(getPageErrors(owner)).toEqual([]);
    await shopperPage.close();
  });
});
