// A seller's own klip and offer in the real browser (docs/product.md "Ownership"): Edit and Delete on the klip's
// card and the offer's, Manage over the klip in the theater and in the phone feed, and a delete from the theater
// that takes it off the page at once. On the
// way, two layout checks at 1280 px: the side rail's 'Dashboard' on one line, and the featured product's long name
// on two lines in the theater.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { KLIP_FORM_MESSAGES } from '../../src/shared/klip-form-messages.ts';
import { KLIPS_MESSAGES } from '../../src/shared/klip-messages.ts';
import { OFFER_MESSAGES } from '../../src/shared/offer-messages.ts';
import { createTestApi, SELLER_CONTACT } from './support/api.ts';
import {
  DESKTOP,
  E2E_USER,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createKlip, type TestKlip } from './support/klips.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.51.100.22');
const browser = useTestBrowser();
const PRODUCT_NAME = '5G Smartphone 8 GB + 128 GB, 120 Hz Display';
const OFFER_TITLE = `Phone Fest ${suffix}`;

let klip: TestKlip | undefined;

// The signed-in test account's product and a klip featuring it, made once for the file.
beforeAll(async () => {
  const { data } = await api('/auth/sign-up', { method: 'POST', json: E2E_USER });
  const token = data.idToken as string;
  const { product } = await api('/content', {
    method: 'POST',
    token,
    json: {
      type: 'product',
      category: 'Electronics - Phones',
      ...SELLER_CONTACT,
      name: PRODUCT_NAME,
      price: 14999,
    },
  });
  klip = await createKlip(api, token, { title: `Phone unboxing ${suffix}`, productId: product.id as string });
  await api('/content', {
    method: 'POST',
    token,
    json: {
      type: 'offer',
      metadata: { title: OFFER_TITLE, discountType: 'percentage', discountValue: 10, products: [product.id] },
    },
  });
});

function getKlip(): TestKlip {
  if (!klip) throw new Error('the klip is not made yet');
  return klip;
}

/** How many lines an element's text takes. */
function countLines(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(element.getBoundingClientRect().height / lineHeight);
    });
}

describe("the owner's klip controls", () => {
  it('at 375 px: Manage over the klip in the phone feed', async () => {
    const { id } = getKlip();
    const page = await openPage(browser, PHONE, { signedIn: true });
    await page.goto(`${baseUrl}/klips`);
    const article = page.locator(`article[data-klip-id="${id}"]`);
    await article.getByRole('button', { name: KLIP_FORM_MESSAGES.manageLabel }).waitFor();
    await article.getByRole('link', { name: new RegExp(PRODUCT_NAME.slice(0, 12)) }).waitFor();
    await saveScreenshot(page, 'owner-feed-375');
    // The owner's offer card on the Offers page.
    await page.goto(`${baseUrl}/offers`);
    const offer = page.getByRole('article', { name: OFFER_TITLE });
    await offer.getByRole('link', { name: OFFER_MESSAGES.editLabel(OFFER_TITLE) }).waitFor();
    await offer
      .getByRole('button', { name: OFFER_MESSAGES.deleteLabel(OFFER_TITLE) })
      .scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'owner-offer-375');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('at 1280 px: Edit and Delete on the card, Manage in the theater, and Delete takes the klip off the page', async () => {
    const { id, title } = getKlip();
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    await page.goto(`${baseUrl}/klips`);
    const card = page.locator(`li[data-klip-id="${id}"]`);
    await card.getByRole('link', { name: KLIP_FORM_MESSAGES.editLabel(title) }).waitFor();
    await card.getByRole('button', { name: KLIP_FORM_MESSAGES.deleteLabel(title) }).waitFor();

    // The narrow rail: each label on whole words.
    await page.locator('[data-testid="side-rail"] a[href="/dashboard"]').waitFor();
    await saveScreenshot(page, 'owner-rail-1280');
    expect(await countLines(page, '[data-testid="side-rail"] a[href="/dashboard"] span')).toBe(1);

    await card.getByRole('button', { name: KLIPS_MESSAGES.viewInTheater }).click({ force: true });
    const article = page.locator(`article[data-klip-id="${id}"]`);
    await article.getByRole('link', { name: new RegExp(PRODUCT_NAME.slice(0, 12)) }).waitFor();
    await saveScreenshot(page, 'owner-theater-1280');
    // Two lines of whole words: the first line holds '5G Smartphone' whole, not a cut 'Smartpho…'.
    const name = article.getByTestId('klip-product-name');
    expect(await countLines(page, `article[data-klip-id="${id}"] [data-testid="klip-product-name"]`)).toBe(2);
    expect(
      await name.evaluate((element) => {
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = getComputedStyle(element).font;
        return element.getBoundingClientRect().width - context.measureText('5G Smartphone').width;
      }),
    ).toBeGreaterThanOrEqual(0);

    await article.getByRole('button', { name: KLIP_FORM_MESSAGES.manageLabel }).click();
    await page.getByRole('menuitem', { name: KLIP_FORM_MESSAGES.editLabel(title) }).waitFor();
    await page.getByRole('menuitem', { name: KLIP_FORM_MESSAGES.deleteLabel(title) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(KLIP_FORM_MESSAGES.deleted).waitFor();
    await article.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
