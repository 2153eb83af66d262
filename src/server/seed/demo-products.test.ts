// The demo catalogue is valid seller input, covers the whole category tree, and every drawing renders in librsvg.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OfferInputSchema } from '../../shared/contracts/offers.ts';
import { hasContactMethod, ProductInputSchema } from '../../shared/contracts/products.ts';
import { CATEGORY_TREE } from '../../shared/domain/categories.ts';
import { getOfferState } from '../../shared/domain/offers.ts';
import { DEMO_CREATORS } from './demo-creators.ts';
import { DEMO_OFFERS } from './demo-offers.ts';
import { drawProductSvg, PRODUCT_KINDS, type ProductView } from './demo-product-art.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';

const STORE_HOSTS = [
  'amazon.in',
  'flipkart.com',
  'myntra.com',
  'ajio.com',
  'meesho.com',
  'nykaa.com',
  'snapdeal.com',
  'tatacliq.com',
  'jiomart.com',
  'example.in',
];
const VIEWS: ProductView[] = [0, 1, 2];

async function renderPng(svg: string) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const { width, height, format } = await sharp(png).metadata();
  const { channels } = await sharp(png).stats();
  return { png, width, height, format, spread: Math.max(...channels.map((channel) => channel.stdev)) };
}

describe('demo catalogue', () => {
  it('has at least 63 products, each valid as a seller would send it', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(63);
    for (const product of DEMO_PRODUCTS) {
      const parsed = ProductInputSchema.safeParse(product);
      expect(parsed.error?.issues ?? [], product.name).toEqual([]);
      expect(product.description.length, product.name).toBeGreaterThan(40);
      expect(product.tags.length, product.name).toBeGreaterThanOrEqual(2);
      expect(product.tags.length, product.name).toBeLessThanOrEqual(5);
      expect(product.ageDays).toBeGreaterThanOrEqual(0);
      expect(product.ageDays).toBeLessThanOrEqual(60);
    }
  });

  it('lists at least three products in every subcategory of the tree', () => {
    for (const [category, subcategories] of Object.entries(CATEGORY_TREE)) {
      for (const subcategory of subcategories) {
        const name = `${category} - ${subcategory}`;
        expect(
          DEMO_PRODUCTS.filter((product) => product.category === name).length,
          name,
        ).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('belongs to existing demo creators, with unique names', () => {
    const usernames = new Set(DEMO_CREATORS.map((creator) => creator.username));
    for (const product of DEMO_PRODUCTS) expect(usernames, product.name).toContain(product.creator);
    expect(new Set(DEMO_PRODUCTS.map((product) => product.name)).size).toBe(DEMO_PRODUCTS.length);
  });

  it('gives Indian mobile numbers, the seller’s WhatsApp on every product, and links to known stores', () => {
    for (const product of DEMO_PRODUCTS) {
      const { whatsapp, phone, email } = product.contactInfo;
      const creator = DEMO_CREATORS.find((candidate) => candidate.username === product.creator);
      expect(whatsapp, product.name).toBe(creator?.whatsapp);
      for (const number of [whatsapp, phone].filter(Boolean)) expect(number).toMatch(/^[6-9]\d{9}$/);
      if (email) expect(email).toMatch(/^[a-z0-9.]+@example\.in$/);
      expect(product.externalLinks.length, product.name).toBeLessThanOrEqual(3);
      for (const { url } of product.externalLinks) {
        const host = new URL(url).hostname;
        expect(
          STORE_HOSTS.some((store) => host === store || host.endsWith(`.${store}`)),
          url,
        ).toBe(true);
      }
    }
  });

  it('gives every product a way to reach its seller (decision 0046)', () => {
    for (const product of DEMO_PRODUCTS) expect(hasContactMethod(product), product.name).toBe(true);
  });

  it('has a spread of discounts and listing ages', () => {
    const withoutDiscount = DEMO_PRODUCTS.filter((product) => product.discount === 0).length;
    expect(withoutDiscount / DEMO_PRODUCTS.length).toBeGreaterThan(0.25);
    expect(withoutDiscount / DEMO_PRODUCTS.length).toBeLessThan(0.45);
    for (const { discount } of DEMO_PRODUCTS.filter((product) => product.discount > 0)) {
      expect(discount).toBeGreaterThanOrEqual(5);
      expect(discount).toBeLessThanOrEqual(60);
    }
    expect(new Set(DEMO_PRODUCTS.map((product) => product.ageDays)).size).toBeGreaterThan(40);
  });
});

describe('demo offers', () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** The offer as the seed dates it, seeded at `seededAt`. */
  const dated = (offer: (typeof DEMO_OFFERS)[number], seededAt: number) => ({
    ...offer,
    startDate: new Date(seededAt + offer.startDays * DAY).toISOString(),
    endDate: new Date(seededAt + offer.endDays * DAY).toISOString(),
  });

  it('has at least six offers across at least four creators, each valid as a seller would send it', () => {
    expect(DEMO_OFFERS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(DEMO_OFFERS.map((offer) => offer.creator)).size).toBeGreaterThanOrEqual(4);
    const seededAt = Date.now();
    for (const offer of DEMO_OFFERS) {
      const parsed = OfferInputSchema.safeParse(dated(offer, seededAt));
      expect(parsed.error?.issues ?? [], offer.title).toEqual([]);
      // The parsed offer is the one stored: nothing trimmed, clamped or dropped.
      expect(parsed.data, offer.title).toMatchObject({
        title: offer.title,
        discountValue: offer.discountValue,
        minPurchase: offer.minPurchase,
        maxDiscount: offer.maxDiscount,
        terms: offer.terms,
      });
      expect(offer.description.length, offer.title).toBeGreaterThan(40);
      expect(offer.terms.length, offer.title).toBeGreaterThanOrEqual(1);
      expect(offer.startDays, offer.title).toBeLessThan(offer.endDays);
    }
    expect(new Set(DEMO_OFFERS.map((offer) => offer.title)).size).toBe(DEMO_OFFERS.length);
  });

  it('puts each on two to six of its own creator’s products', () => {
    for (const offer of DEMO_OFFERS) {
      expect(offer.products.length, offer.title).toBeGreaterThanOrEqual(2);
      expect(offer.products.length, offer.title).toBeLessThanOrEqual(6);
      expect(new Set(offer.products).size, offer.title).toBe(offer.products.length);
      for (const name of offer.products) {
        expect(DEMO_PRODUCTS.find((product) => product.name === name)?.creator, name).toBe(offer.creator);
      }
    }
  });

  it('mixes states, kinds, caps and minimum purchases, most running for weeks', () => {
    const seededAt = Date.now();
    const states = DEMO_OFFERS.map((offer) => getOfferState(dated(offer, seededAt), seededAt));
    const active = DEMO_OFFERS.filter((_, index) => states[index] === 'active');
    expect(active.length).toBeGreaterThan(DEMO_OFFERS.length / 2);
    expect(states).toContain('upcoming');
    expect(states).toContain('expired');
    // A demo started weeks after its seed still has Hot Deals.
    for (const offer of active) expect(offer.endDays, offer.title).toBeGreaterThanOrEqual(14);
    for (const kind of ['percentage', 'fixed'] as const) {
      expect(
        active.some((offer) => offer.discountType === kind),
        kind,
      ).toBe(true);
    }
    expect(active.some((offer) => offer.maxDiscount !== null)).toBe(true);
    expect(active.some((offer) => offer.maxDiscount === null)).toBe(true);
    expect(active.some((offer) => offer.minPurchase > 0)).toBe(true);
    expect(active.some((offer) => offer.minPurchase === 0)).toBe(true);
  });
});

describe('demo product art', () => {
  it('draws every kind in every view as a small SVG that renders to a PNG of the requested size', async () => {
    for (const kind of PRODUCT_KINDS) {
      for (const view of VIEWS) {
        const svg = drawProductSvg(
          { kind, color: '#2563eb', accent: '#f59e0b', label: 'A Long Demo Title' },
          view,
          240,
        );
        expect(svg.length, `${kind} ${view}`).toBeLessThan(12_000);
        const image = await renderPng(svg);
        expect(image.png.length, `${kind} ${view}`).toBeGreaterThan(1000);
        expect([image.format, image.width, image.height], `${kind} ${view}`).toEqual(['png', 240, 240]);
        expect(image.spread, `${kind} ${view} is not a blank picture`).toBeGreaterThan(10);
      }
    }
  });

  it('renders every catalogue product in three different, repeatable views', async () => {
    for (const product of DEMO_PRODUCTS) {
      const svgs = VIEWS.map((view) => drawProductSvg(product.art, view, 160));
      expect(new Set(svgs).size, product.name).toBe(3);
      expect(VIEWS.map((view) => drawProductSvg(product.art, view, 160))).toEqual(svgs);
      for (const svg of svgs) expect((await renderPng(svg)).width, product.name).toBe(160);
    }
    const full = await renderPng(drawProductSvg(DEMO_PRODUCTS[0]!.art, 0));
    expect([full.width, full.height]).toEqual([800, 800]);
  });

  it('uses every kind of drawing somewhere in the catalogue', () => {
    const used = new Set(DEMO_PRODUCTS.map((product) => product.art.kind));
    expect(PRODUCT_KINDS.filter((kind) => !used.has(kind))).toEqual([]);
  });
});
