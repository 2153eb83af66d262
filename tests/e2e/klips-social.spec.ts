// Klip interaction (docs/product.md "Klip interaction", "Comments"; decision 0041) in the real browser against the real
// server, on a real klip that features a product: a signed-in shopper at phone size likes it (the count goes up, and
// stays after a reload), comments, replies, deletes their own comment after a long press, copies the klip's tracked
// link, and adds the featured product to the Loot Box ('Added from Klip'). The tests find a klip only as
// `article[data-klip-id]` and the roles inside it, so that they hold on the klips page whichever way it presents the
// klip (snap feed on phones, theater on desktop).
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { KLIPS_MESSAGES } from '../../src/shared/klip-messages.ts';
import { INTERACTION_MESSAGES } from '../../src/shared/klip-social-messages.ts';
import { LOOTBOX_MESSAGES } from '../../src/shared/lootbox-messages.ts';
import { createSeller, createTestApi, SELLER_CONTACT, signInSeller } from './support/api.ts';
import {
  DESKTOP,
  E2E_USER,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
  type TestBrowser,
} from './support/browser.ts';
import { createKlip, type TestKlip } from './support/klips.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.51.100.15');
const browser = useTestBrowser();

// ₹1,299.50 less 10%: ₹1,169.55, shown on a klip as whole rupees rounded down.
const PRODUCT = { name: `Brass Diya ${suffix}`, price: 1299.5, discount: 10 };

let made: { klip: TestKlip; seller: { token: string } } | undefined;

// A seller's product and a klip featuring it, made once for the file (the transcode takes a while on a busy
// machine: the hook's time, not a test's).
beforeAll(async () => {
  const seller = await createSeller(api, { username: `diya.klips.${suffix}`, fullName: 'Diya Klips' });
  const { product } = await api('/content', {
    method: 'POST',
    token: seller.token,
    json: { type: 'product', category: 'Home - Decor', ...SELLER_CONTACT, ...PRODUCT },
  });
  const klip = await createKlip(api, seller.token, {
    title: `Diya haul ${suffix}`,
    productId: product.id as string,
  });
  made = { klip, seller };
});

function setUpKlip() {
  if (!made) throw new Error('the klip is not made yet');
  return made;
}

/**
 * The klip on /klips: its article in the phone feed, or, on wider screens where the page first shows a grid, the
 * article of the theater that 'View in theater mode' opens.
 */
async function openKlip(page: Page, id: string): Promise<Locator> {
  await page.goto(`${baseUrl}/klips`);
  const article = page.locator(`article[data-klip-id="${id}"]`);
  const theater = page
    .locator(`[data-klip-id="${id}"]:not(article)`)
    .getByRole('button', { name: KLIPS_MESSAGES.viewInTheater });
  await article.or(theater).first().waitFor();
  if (!(await article.isVisible()) && (await theater.count()) > 0) {
    await theater.click({ force: true });
    await article.waitFor();
  }
  await article.scrollIntoViewIfNeeded();
  return article;
}

const likeButton = (article: Locator) => article.getByRole('button', { name: /^Like,/ });
// includeHidden: under the open comments panel (a modal), the rest of the page is hidden from assistive tech.
const commentsButton = (article: Locator) =>
  article.getByRole('button', { name: /^Comments,/, includeHidden: true });

async function readCount(button: Locator): Promise<number> {
  const label = (await button.getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) /.exec(label)?.[1] ?? NaN);
}

async function signInToken(): Promise<string> {
  return (await signInSeller(api)).token;
}

function expectNoPageErrors(page: Page) {
  expect(getPageErrors(page)).toEqual([]);
}

/** Waits fail with what they waited for, well inside a test's time. */
const WAIT_MS = 20_000;

async function openPhone(testBrowser: TestBrowser) {
  const page = await openPage(testBrowser, PHONE, { signedIn: true });
  page.setDefaultTimeout(WAIT_MS);
  return page;
}

describe('liking, commenting, sharing and adding from a klip', () => {
  it('likes a klip at phone size: the count goes up at once and stays after a reload', async () => {
    const { klip } = setUpKlip();
    const page = await openPhone(browser);
    let article = await openKlip(page, klip.id);
    const like = likeButton(article);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    const before = await readCount(like);
    const answered = page.waitForResponse(
      (response) => response.url().endsWith(`/interactions/klips/${klip.id}/like`) && response.ok(),
    );
    // A double tap: the second tap comes while the first is on its way and is ignored.
    await like.dblclick();
    await answered;
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await readCount(like)).toBe(before + 1);
    await saveScreenshot(page, 'phone-klip-liked');

    article = await openKlip(page, klip.id);
    await expect.poll(() => likeButton(article).getAttribute('aria-pressed')).toBe('true');
    expect(await readCount(likeButton(article))).toBe(before + 1);
    const stats = await api(`/interactions/klips/${klip.id}/stats`);
    expect(stats.likes).toBe(before + 1);
    expectNoPageErrors(page);
  });

  it('comments, replies, and deletes their own comment after a long press', async () => {
    const { klip } = setUpKlip();
    const page = await openPhone(browser);
    const article = await openKlip(page, klip.id);
    const comments = commentsButton(article);
    const startCount = await readCount(comments);
    await comments.click();
    const panel = page.getByRole('dialog', { name: /^Comments/ });
    await panel.waitFor();

    const text = `Lovely diya ${suffix}`;
    const box = panel.getByRole('textbox', { name: 'Add a comment...' });
    const send = panel.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await box.fill(text);
    const posted = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/interactions/klips/${klip.id}/comments`) &&
        response.request().method() === 'POST',
    );
    await box.press('Enter');
    expect((await posted).status()).toBe(201);
    const mine = panel
      .getByRole('listitem', { name: `Comment by ${E2E_USER.username}` })
      .filter({ hasText: text });
    await mine.waitFor();
    // The server's copy replaced the temporary one.
    await expect.poll(() => mine.getAttribute('data-comment-id')).not.toMatch(/^temp-/);
    await expect.poll(() => readCount(comments)).toBe(startCount + 1);

    await mine.getByRole('button', { name: 'Reply' }).first().click();
    await panel.getByText(`Replying to @${E2E_USER.username}`).waitFor();
    await panel.getByRole('textbox', { name: 'Add a reply...' }).fill('Where is it made?');
    await panel.getByRole('button', { name: 'Send' }).click();
    const reply = mine.getByRole('listitem', { name: `Reply by ${E2E_USER.username}` });
    await reply.getByText('Where is it made?').waitFor();
    expect(await reply.textContent()).toContain(`@${E2E_USER.username}`);
    await expect.poll(() => reply.getAttribute('data-comment-id')).not.toMatch(/^temp-/);
    await expect.poll(() => readCount(comments)).toBe(startCount + 2);
    await saveScreenshot(page, 'phone-klip-comments');

    // Delete shows only after a long press on one's own comment.
    const deleteButton = mine.getByRole('button', { name: 'Delete' }).first();
    expect(await deleteButton.count()).toBe(0);
    const text$ = mine.getByText(text);
    const at = (await text$.boundingBox())!;
    await page.mouse.move(at.x + 5, at.y + at.height / 2);
    await page.mouse.down();
    await deleteButton.waitFor();
    await page.mouse.up();
    await saveScreenshot(page, 'phone-klip-comment-delete-revealed');
    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: INTERACTION_MESSAGES.confirmDeleteComment });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(INTERACTION_MESSAGES.commentDeleted).waitFor();
    await mine.waitFor({ state: 'detached' });
    // The comment and its reply went.
    await expect.poll(() => readCount(comments)).toBe(startCount);
    const listed = await api(`/interactions/klips/${klip.id}/comments`);
    expect(listed.comments.some((comment: { content: string }) => comment.content === text)).toBe(false);
    expectNoPageErrors(page);
  });

  it("copies the klip's link with its tracking parameters, and the share is recorded", async () => {
    const { klip } = setUpKlip();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await openPhone(browser);
    const article = await openKlip(page, klip.id);
    await article.getByRole('button', { name: 'Share' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const name of ['WhatsApp', 'X', 'Facebook']) {
      const href = await menu.getByRole('menuitem', { name, exact: true }).getAttribute('href');
      expect(href).toContain(encodeURIComponent(`/klips/${klip.id}?utm_source=lootklip`));
    }
    const recorded = page.waitForRequest(
      (request) => request.url().endsWith('/api/v1/interactions') && request.method() === 'POST',
    );
    await menu.getByRole('menuitem', { name: 'Copy link' }).click();
    await page.getByText(KLIPS_MESSAGES.linkCopied).waitFor();
    await menu.getByRole('menuitem', { name: 'Copied' }).waitFor();
    expect((await recorded).postDataJSON()).toEqual({
      contentId: klip.id,
      type: 'share',
      extras: { target: 'copy_link' },
    });
    await saveScreenshot(page, 'phone-klip-share');
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(link.origin).toBe(new URL(baseUrl).origin);
    expect(link.pathname).toBe(`/klips/${klip.id}`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      utm_source: 'lootklip',
      utm_medium: 'klip_share',
      utm_campaign: 'klips',
      utm_content: 'copy_link',
      ref: 'lootklip',
    });
    expectNoPageErrors(page);
  });

  it('adds the featured product to the Loot Box, marked as added from a klip', async () => {
    const { klip } = setUpKlip();
    const page = await openPhone(browser);
    const token = await signInToken();
    const before = await api('/lootbox?status=active&limit=1', { token });
    const countBefore = (before.lootboxes[0]?.items.length as number | undefined) ?? 0;
    const article = await openKlip(page, klip.id);
    const card = article.getByTestId('klip-product-card');
    await card.getByText(PRODUCT.name).waitFor();
    // ₹1,169.55 after 10% off, shown as ₹1,169; the original struck through as ₹1,299.
    expect(await card.getByTestId('klip-product-price').textContent()).toBe('₹1,169');
    expect(await card.getByText('₹1,299').count()).toBe(1);
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/lootbox') &&
        ['POST', 'PUT'].includes(response.request().method()) &&
        response.ok(),
    );
    await card.getByRole('button', { name: `Add ${PRODUCT.name} to your Loot Box` }).click();
    await page.getByText(LOOTBOX_MESSAGES.addedFromKlip).waitFor();
    await saved;
    await saveScreenshot(page, 'phone-klip-added');

    const after = await api('/lootbox?status=active&limit=1', { token });
    expect(after.lootboxes[0].items).toHaveLength(countBefore + 1);
    expect(after.lootboxes[0].items).toContainEqual(
      expect.objectContaining({ productId: klip.productId, quantity: 1, fromKlip: true }),
    );
    // The header's Loot Box, on another page: the item with 'Added from Klip'.
    await page.goto(`${baseUrl}/terms`);
    const lootBox = page.getByRole('button', {
      name: `Loot Box, ${countBefore + 1} ${countBefore + 1 === 1 ? 'item' : 'items'}`,
      exact: true,
    });
    await lootBox.click();
    const dropdown = page.getByRole('dialog', { name: 'Loot Box' });
    const item = dropdown.getByRole('listitem', { name: PRODUCT.name });
    await item.getByText(LOOTBOX_MESSAGES.fromKlip).waitFor();
    expectNoPageErrors(page);
  });

  it('looks right at 1280 px: the column, the product card, the comments panel and the share menu', async () => {
    const { klip } = setUpKlip();
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    page.setDefaultTimeout(WAIT_MS);
    const article = await openKlip(page, klip.id);
    await article.getByTestId('klip-product-card').getByText(PRODUCT.name).waitFor();
    await saveScreenshot(page, 'desktop-klip-actions');
    await article.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menu').waitFor();
    await saveScreenshot(page, 'desktop-klip-share');
    await page.keyboard.press('Escape');
    await commentsButton(article).click();
    const panel = page.getByRole('dialog', { name: /^Comments/ });
    const text = `From the desktop ${suffix}`;
    await panel.getByRole('textbox', { name: 'Add a comment...' }).fill(text);
    await panel.getByRole('button', { name: 'Send' }).click();
    const mine = panel
      .getByRole('listitem', { name: `Comment by ${E2E_USER.username}` })
      .filter({ hasText: text });
    await expect.poll(() => mine.getAttribute('data-comment-id')).not.toMatch(/^temp-/);
    // With a mouse, the options button beside one's own comment reveals Delete.
    await mine.hover();
    await mine.getByRole('button', { name: 'Comment options' }).click();
    await mine.getByRole('button', { name: 'Delete' }).waitFor();
    await saveScreenshot(page, 'desktop-klip-comments');
    expectNoPageErrors(page);
  });
});
