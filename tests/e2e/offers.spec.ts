// Offers (docs/product.md "Offers page", "Hot Deals"; decisions 0035 to 0037) in the real browser against the real
// server: a seller creates an offer on three of their products from a phone-sized screen; a shopper finds it on Offers
// and in Hot Deals, claims it, sees the offer price and the savings on the product page (the price engine's numbers),
// removes it, waits out the cooldown and reapplies it; a reload keeps the claim.
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { OfferResponse } from '../../src/shared/contracts/offers.ts';
import { priceLine } from '../../src/shared/domain/offers.ts';
import { formatPrice, rupeesToPaise } from '../../src/shared/domain/pricing.ts';
import { HOME_MESSAGES } from '../../src/shared/home-messages.ts';
import { OFFER_MESSAGES } from '../../src/shared/offer-messages.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createTestApi, SELLER_CONTACT, signInSeller } from './support/api.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.51.100.13');
const browser = useTestBrowser();

const PRODUCTS = [
  { name: `Kanjeevaram Silk Saree ${suffix}`, price: 4999, discount: 10 },
  { name: `Brass Puja Thali ${suffix}`, price: 1299.5, discount: 0 },
  { name: `Handloom Cotton Kurta ${suffix}`, price: 899, discount: 5 },
];
const OFFER_TITLE = `Festive Loot ${suffix}`;
const OFFER = { discountType: 'percentage' as const, discountValue: 15, maxDiscount: 500, minPurchase: 0 };

let offerId: string | undefined;
let sellerToken: string;

afterAll(async () => {
  if (offerId) await api(`/offers/${offerId}`, { method: 'DELETE', token: sellerToken });
});

/** E2E_USER's ID token (the browser signed up first), and three products listed as them. */
async function listSellerProducts(): Promise<string[]> {
  sellerToken = (await signInSeller(api)).token;
  const ids: string[] = [];
  for (const product of PRODUCTS) {
    const { product: created } = await api('/content', {
      method: 'POST',
      token: sellerToken,
      json: { type: 'product', category: 'Fashion - Women', ...SELLER_CONTACT, ...product },
    });
    ids.push(created.id as string);
  }
  return ids;
}

describe('offers end to end', () => {
  it('a seller creates an offer on three products at phone size', async () => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    await listSellerProducts();
    await page.goto(`${baseUrl}/create/offer`);
    await page.getByRole('heading', { name: 'Create Offer', level: 1 }).waitFor();
    await page.getByLabel('Offer title').fill(OFFER_TITLE);
    await page.getByLabel('Description').fill('Festive prices on handpicked ethnic wear.');
    await page.getByLabel('Discount value').fill(String(OFFER.discountValue));
    await page.getByLabel('Maximum discount').fill(String(OFFER.maxDiscount));
    for (const product of PRODUCTS) await page.getByRole('checkbox', { name: product.name }).check();
    await expect
      .poll(() => page.getByRole('list', { name: 'Chosen products' }).getByRole('listitem').count())
      .toBe(3);
    await saveScreenshot(page, 'phone-offer-form-filled');

    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/content'),
    );
    await page.getByRole('button', { name: 'Create Offer' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { offer } = (await response.json()) as OfferResponse;
    offerId = offer.id;
    expect(offer).toMatchObject({ title: OFFER_TITLE, state: 'active', ...OFFER });
    expect(offer.products).toHaveLength(3);
    await expect.poll(async () => (await readLocation(page)).path).toBe('/offers');
    expect(getPageErrors(page)).toEqual([]);
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('a shopper at %s size finds it, claims it, removes and reapplies it', async (name, viewport) => {
    expect(offerId).toBeDefined();
    const page = await openPage(browser, viewport);
    // Hot Deals on Home: the offer's products with the LOOT NOW badge, their own price, and the offer's beside
    // (not claimed yet: docs/product.md "Shown price").
    await page.goto(`${baseUrl}/`);
    const deals = page.getByRole('region', { name: 'Hot Deals' });
    const saree = PRODUCTS[0]!;
    const sareeLine = priceLine(saree, OFFER);
    const sareeCard = deals.getByRole('article', { name: new RegExp(saree.name) });
    await sareeCard.waitFor();
    await expect.poll(() => sareeCard.textContent()).toContain(HOME_MESSAGES.dealBadge);
    expect(await sareeCard.textContent()).toContain(formatPrice(priceLine(saree, null).unit.finalPrice));
    expect(await sareeCard.textContent()).toContain(
      OFFER_MESSAGES.priceWithOffer(formatPrice(sareeLine.unit.finalPrice)),
    );
    await saveScreenshot(page, `${name}-offers-hot-deals`);

    // The Offers page: the offer with its discount, cap and products; Claim opens the product.
    await page.goto(`${baseUrl}/offers`);
    const card = page.getByRole('article', { name: OFFER_TITLE });
    await card.waitFor();
    const cardText = await card.textContent();
    expect(cardText).toContain('15% off');
    expect(cardText).toContain(OFFER_MESSAGES.maxDiscount(formatPrice(rupeesToPaise(OFFER.maxDiscount))));
    await saveScreenshot(page, `${name}-offers-page`);
    await card.getByRole('link', { name: `${OFFER_MESSAGES.claim} ${saree.name}` }).click();
    await page.getByText(OFFER_MESSAGES.claimed).waitFor();

    // Applied: the offer's line and the savings are the price engine's.
    const price = page.getByRole('region', { name: 'Price' });
    await expect.poll(() => price.textContent()).toContain(formatPrice(sareeLine.unit.finalPrice));
    expect(await price.textContent()).toContain(OFFER_MESSAGES.offerDiscountLine);
    expect(await price.textContent()).toContain(`Total Savings: ${formatPrice(sareeLine.unit.totalSavings)}`);
    await saveScreenshot(page, `${name}-offers-claimed`);

    // A reload keeps the claim.
    await page.reload();
    await expect.poll(() => price.textContent()).toContain(OFFER_MESSAGES.offerDiscountLine);

    // Removed: the price returns, the cooldown counts down, then Reapply.
    await page.getByRole('button', { name: OFFER_MESSAGES.remove }).click();
    await page.getByText(OFFER_MESSAGES.removed).waitFor();
    await page.getByText(OFFER_MESSAGES.reapplyCountdown(5)).waitFor();
    const withoutOffer = priceLine(saree, null).unit;
    expect(await price.textContent()).not.toContain(OFFER_MESSAGES.offerDiscountLine);
    expect(await price.textContent()).toContain(`Total Savings: ${formatPrice(withoutOffer.totalSavings)}`);
    await saveScreenshot(page, `${name}-offers-removed`);
    const reapply = page.getByRole('button', { name: OFFER_MESSAGES.reapply });
    await reapply.waitFor({ timeout: 10_000 });
    await reapply.click();
    await page.getByText(OFFER_MESSAGES.reapplied).waitFor();
    await expect.poll(() => price.textContent()).toContain(OFFER_MESSAGES.offerDiscountLine);
    expect(getPageErrors(page)).toEqual([]);
  });
});
