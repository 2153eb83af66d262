// The head of each served page: a <title> that names the page (for tabs, history and bookmarks), and,
// for the pages people share, OpenGraph and Twitter tags so that a link pasted into WhatsApp, X or Facebook shows
// a rich preview (docs/product.md "Rich link previews", decision 0039); a klip's carries its video (og:video). The
// facts come from the API routes themselves (app.inject, as page-preloads.ts does), so a preview never shows what the
// page would not. The landing pages' previews and the share image are landing-meta.ts's.
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import {
  PRODUCT_NAME,
  SHARED_LOOTBOX_PATH,
  VIDEO_HEIGHT_PX,
  VIDEO_WIDTH_PX,
} from '../../shared/constants.ts';
import type { KlipResponse } from '../../shared/contracts/klips.ts';
import type { SharedProductsResponse } from '../../shared/contracts/lootbox.ts';
import type { ProductDetail, ProductDetailResponse } from '../../shared/contracts/products.ts';
import type { UserProfile } from '../../shared/contracts/users.ts';
import { getDisplayName } from '../../shared/domain/display-name.ts';
import { formatPrice, sumLines } from '../../shared/domain/pricing.ts';
import { formatSharedClaims, parseSharedClaims, parseSharedIds } from '../../shared/domain/share-links.ts';
import {
  calculateShownPrice,
  calculateShownPriceWithClaim,
  formatOfferLabel,
} from '../../shared/domain/shown-price.ts';
import { PASSWORD_RESET_MESSAGES } from '../../shared/auth-messages.ts';
import { OFFER_MESSAGES } from '../../shared/offer-messages.ts';
import { APP_MESSAGES } from '../../shared/shell-messages.ts';
import type { Config } from '../config.ts';
import { escapeHtml } from './html-text.ts';
import { findRequestOrigin } from './request-host.ts';
import { sharedProductsRequest, type PageAnswers } from './page-preloads.ts';

/** Longer descriptions are cut here: previews show two or three lines at most. */
const DESCRIPTION_MAX_CHARS = 200;

/** `Name · Lootklip`, as the client's PageHeader and routes title the page (so the tab's title never flips). */
export const pageTitle = (name: string) => `${name} · ${PRODUCT_NAME}`;

/**
 * The title of each page the client has, as its route sets it (src/client/app/routes): the server's copy, since it
 * cannot import the client. Paths are normalised (no trailing slash) before they are matched.
 */
const STATIC_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/$/, `${PRODUCT_NAME} · Shop what creators love`],
  [/^\/shop$/, pageTitle('Shop')],
  [/^\/klips(\/[^/]+)?$/, pageTitle('Klips')],
  [/^\/offers$/, pageTitle('Offers')],
  [/^\/shared-lootbox$/, pageTitle('Shared Loot Box')],
  [/^\/product\/[^/]+$/, PRODUCT_NAME],
  [/^\/(profile|shopstar)\/[^/]+$/, PRODUCT_NAME],
  [/^\/creator\/[^/]+\/products$/, pageTitle('All products')],
  [/^\/terms$/, pageTitle('Terms of Service')],
  [/^\/privacy$/, pageTitle('Privacy Policy')],
  [/^\/seller-policy$/, pageTitle('Seller Policy')],
  [/^\/auth\/login$/, pageTitle('Welcome Back')],
  [/^\/auth\/register$/, pageTitle(`Join ${PRODUCT_NAME}`)],
  [/^\/auth\/forgot-password$/, pageTitle(PASSWORD_RESET_MESSAGES.forgotTitle)],
  [/^\/auth\/reset-password$/, pageTitle(PASSWORD_RESET_MESSAGES.resetTitle)],
  [/^\/create\/product$/, pageTitle('Create Product')],
  [/^\/create\/klip$/, pageTitle('Create Klip')],
  [/^\/create\/offer$/, pageTitle('Create Offer')],
  [/^\/edit-product\/[^/]+$/, pageTitle('Edit Product')],
  [/^\/edit-klip\/[^/]+$/, pageTitle('Edit Klip')],
  [/^\/edit-offer\/[^/]+$/, pageTitle('Edit Offer')],
  [/^\/dashboard$/, pageTitle('Dashboard')],
  [/^\/settings$/, pageTitle('Settings')],
];

/** The page's title from its path alone: what every page gets, and what a shared page falls back to. */
export function findStaticTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return STATIC_TITLES.find(([pattern]) => pattern.test(path))?.[1] ?? pageTitle(APP_MESSAGES.notFoundTitle);
}

/** What a rich preview shows. */
export interface PageMeta {
  title: string;
  ogTitle: string;
  description: string;
  /** Absolute. */
  url: string;
  /** Absolute; none when the page has no photo. */
  image?: string;
  /** The photo's size in pixels, when known. */
  imageSize?: { width: number; height: number };
  /** A klip's video (absolute, MP4) and its size. */
  video?: { url: string; width: number; height: number };
  /** A wide photo (a product's, a cover) gets X's large card; a square avatar the small one. */
  largeImage: boolean;
  type: 'website' | 'product' | 'profile' | 'video.other';
  /** A product's price (rupees) for product:price tags. */
  price?: number;
}

/** Fetches an API answer for the page: page-preloads.ts's, one per request, with its timeout and sharing. */
export type FetchAnswer = PageAnswers;

export interface Page {
  pathname: string;
  search: string;
  /** The origin previews name (resolveOrigin). */
  origin: string;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** One line, cut at a word near the limit with an ellipsis. */
export function toDescription(text: string, max = DESCRIPTION_MAX_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const absolute = (url: string, origin: string) => {
  try {
    return new URL(url, origin).href;
  } catch {
    return undefined;
  }
};

async function readJson<T>(fetchAnswer: FetchAnswer, url: string): Promise<T | undefined> {
  const answer = await fetchAnswer(url);
  return answer?.statusCode === 200 ? (answer.json() as T) : undefined;
}

async function describeProduct(
  fetchAnswer: FetchAnswer,
  id: string,
  page: Page,
): Promise<PageMeta | undefined> {
  const answer = await readJson<ProductDetailResponse>(
    fetchAnswer,
    `/api/v1/products/${encodeURIComponent(id)}`,
  );
  if (!answer) return undefined;
  const { product } = answer;
  // docs/product.md "Shown price": a link's visitor has claimed nothing, so the price is the product's own and
  // its best offer running now is named beside it, with its price.
  const shown = calculateShownPrice(product, product.activeOffer ?? null, false);
  const price = shown.line.unit;
  const was = price.finalPrice < price.originalPrice ? ` (was ${formatPrice(price.originalPrice)})` : '';
  const toClaim = shown.offerToClaim?.line.offerApplies ? shown.offerToClaim : null;
  const offer = toClaim
    ? ` · ${OFFER_MESSAGES.previewOffer(formatOfferLabel(toClaim.offer), formatPrice(toClaim.line.unit.finalPrice))}`
    : '';
  const lead = `${formatPrice(price.finalPrice)}${was}${offer} · by @${product.creatorUsername}`;
  const image = product.images[0]?.url;
  return {
    title: pageTitle(product.name),
    ogTitle: product.name,
    description: toDescription(product.description ? `${lead}. ${product.description}` : lead),
    url: `${page.origin}/product/${encodeURIComponent(product.id)}`,
    image: image ? absolute(image, page.origin) : undefined,
    largeImage: true,
    type: 'product',
    price: price.finalPrice / 100,
  };
}

async function describeCreator(
  fetchAnswer: FetchAnswer,
  apiUrl: string,
  page: Page,
): Promise<PageMeta | undefined> {
  const answer = await readJson<{ data: UserProfile }>(fetchAnswer, apiUrl);
  if (!answer) return undefined;
  const profile = answer.data;
  const name = getDisplayName(profile);
  const avatar = profile.avatar ?? profile.photoURL;
  const image = avatar ?? profile.coverImage;
  return {
    title: pageTitle(`${name} (@${profile.username})`),
    ogTitle: `${name} (@${profile.username})`,
    description: toDescription(profile.bio || `Shop Star on ${PRODUCT_NAME}: products, klips and offers.`),
    url: `${page.origin}/shopstar/${encodeURIComponent(profile.username)}`,
    image: image ? absolute(image, page.origin) : undefined,
    largeImage: !avatar,
    type: 'profile',
  };
}

/**
 * The size of an image our own /media route serves, from its header; undefined for one elsewhere (MEDIA_PUBLIC_URL)
 * or one that failed or was late. Only a klip's poster asks: its shape is the seller's, so it is read, not assumed.
 */
async function readImageSize(
  fetchAnswer: FetchAnswer,
  url: string,
): Promise<{ width: number; height: number } | undefined> {
  if (!url.startsWith('/media/')) return undefined;
  const answer = await fetchAnswer(url);
  if (answer?.statusCode !== 200) return undefined;
  try {
    const { width, height } = await sharp(answer.rawPayload).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An active klip: its title, its description (or who posted it), its poster and its 720x1280 MP4 (og:video), so a
 * shared link previews as a video (docs/product.md "Rich link previews"). A klip still processing, failed or gone
 * answers 404 to a visitor: no preview.
 */
async function describeKlip(fetchAnswer: FetchAnswer, id: string, page: Page): Promise<PageMeta | undefined> {
  const answer = await readJson<KlipResponse>(fetchAnswer, `/api/v1/klips/${encodeURIComponent(id)}`);
  const klip = answer?.klip;
  if (!klip || klip.status !== 'active' || !klip.video) return undefined;
  const video = absolute(klip.video, page.origin);
  const image = klip.thumbnail ? absolute(klip.thumbnail, page.origin) : undefined;
  return {
    title: pageTitle(klip.title),
    ogTitle: klip.title,
    description: toDescription(
      klip.description || `A klip by ${klip.userName} on ${PRODUCT_NAME}: watch it and shop the product.`,
    ),
    url: `${page.origin}/klips/${encodeURIComponent(klip.id)}`,
    image,
    imageSize: image && klip.thumbnail ? await readImageSize(fetchAnswer, klip.thumbnail) : undefined,
    video: video ? { url: video, width: VIDEO_WIDTH_PX, height: VIDEO_HEIGHT_PX } : undefined,
    largeImage: true,
    type: 'video.other',
  };
}

/**
 * 'Loot Box: 3 products · ₹4,297': the item count and the total of one of each at today's prices, each with the
 * offer the link says was claimed for it (docs/product.md "Shown price"), as the shared page totals them.
 */
export function describeLootbox(
  products: readonly ProductDetail[],
  claims: ReadonlyMap<string, string> = new Map(),
): string {
  const total = sumLines(
    products.map((product) => calculateShownPriceWithClaim(product, claims.get(product.id)).line),
  );
  const count = products.length === 1 ? '1 product' : `${products.length} products`;
  return `Loot Box: ${count} · ${formatPrice(total)}`;
}

async function describeSharedLootbox(fetchAnswer: FetchAnswer, page: Page): Promise<PageMeta | undefined> {
  const search = new URLSearchParams(page.search);
  const { ids, invalidCount, tooMany } = parseSharedIds(search.get('products'));
  if (ids.length === 0 || invalidCount > 0 || tooMany) return undefined;
  const claims = parseSharedClaims(search.get('offers'));
  const query = new URLSearchParams({ products: ids.join(',') });
  const offers = formatSharedClaims(ids, claims);
  if (offers) query.set('offers', offers);
  const answer = await readJson<SharedProductsResponse>(fetchAnswer, sharedProductsRequest(ids));
  if (!answer || answer.products.length === 0) return undefined;
  const names = answer.products.map((product) => product.name);
  const listed =
    names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  const image = answer.products.find((product) => product.images.length > 0)?.images[0]?.url;
  return {
    title: pageTitle('Shared Loot Box'),
    ogTitle: describeLootbox(answer.products, claims),
    description: toDescription(
      `${listed}. Picked on ${PRODUCT_NAME}: see the prices and contact the sellers.`,
    ),
    url: `${page.origin}${SHARED_LOOTBOX_PATH}?${query}`,
    image: image ? absolute(image, page.origin) : undefined,
    largeImage: true,
    type: 'website',
  };
}

/** The preview of a page people share, or undefined (another page, or its facts failed, were late or are gone). */
export async function findPageMeta(fetchAnswer: FetchAnswer, page: Page): Promise<PageMeta | undefined> {
  const path = page.pathname.length > 1 ? page.pathname.replace(/\/+$/, '') : page.pathname;
  const segment = (pattern: RegExp) => {
    const match = pattern.exec(path);
    return match ? decodeSegment(match[1]!) : undefined;
  };
  const productId = segment(/^\/product\/([^/]+)$/);
  if (productId) return describeProduct(fetchAnswer, productId, page);
  const klipId = segment(/^\/klips\/([^/]+)$/);
  if (klipId) return describeKlip(fetchAnswer, klipId, page);
  const uid = segment(/^\/profile\/([^/]+)$/);
  if (uid) return describeCreator(fetchAnswer, `/api/v1/users/profile/${encodeURIComponent(uid)}`, page);
  const username = segment(/^\/shopstar\/([^/]+)$/);
  if (username) {
    return describeCreator(fetchAnswer, `/api/v1/users/username/${encodeURIComponent(username)}`, page);
  }
  if (path === SHARED_LOOTBOX_PATH) return describeSharedLootbox(fetchAnswer, page);
  return undefined;
}

/** The OpenGraph and Twitter tags, every value escaped. */
export function renderMetaTags(meta: PageMeta): string {
  const tags: Array<[attribute: 'property' | 'name', key: string, value: string | undefined]> = [
    ['property', 'og:site_name', PRODUCT_NAME],
    ['property', 'og:type', meta.type],
    ['property', 'og:title', meta.ogTitle],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['property', 'og:image', meta.image],
    ['property', 'og:image:width', meta.image && meta.imageSize ? String(meta.imageSize.width) : undefined],
    ['property', 'og:image:height', meta.image && meta.imageSize ? String(meta.imageSize.height) : undefined],
    ['property', 'og:image:alt', meta.image ? meta.ogTitle : undefined],
    ['property', 'og:video', meta.video?.url],
    // Facebook plays a video inline only from an https address.
    ['property', 'og:video:secure_url', meta.video?.url.startsWith('https:') ? meta.video.url : undefined],
    ['property', 'og:video:type', meta.video ? 'video/mp4' : undefined],
    ['property', 'og:video:width', meta.video ? String(meta.video.width) : undefined],
    ['property', 'og:video:height', meta.video ? String(meta.video.height) : undefined],
    ['property', 'product:price:amount', meta.price === undefined ? undefined : meta.price.toFixed(2)],
    ['property', 'product:price:currency', meta.price === undefined ? undefined : 'INR'],
    ['name', 'twitter:card', meta.image && meta.largeImage ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.ogTitle],
    ['name', 'twitter:description', meta.description],
    ['name', 'twitter:image', meta.image],
  ];
  return (
    `<link rel="canonical" href="${escapeHtml(meta.url)}">` +
    tags
      .filter((tag): tag is [(typeof tag)[0], string, string] => tag[2] !== undefined)
      .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`)
      .join('')
  );
}

/**
 * The page with its <title> text replaced, and its description meta too when given. By position, never
 * String.replace with a string (where `$&` and the like are patterns a product's name could carry).
 */
export function setHead(html: string, title: string, description?: string): string {
  let result = html;
  const titleAt = /<title>[\s\S]*?<\/title>/.exec(result);
  if (titleAt) {
    result =
      result.slice(0, titleAt.index) +
      `<title>${escapeHtml(title)}</title>` +
      result.slice(titleAt.index + titleAt[0].length);
  }
  const descriptionAt = description === undefined ? null : /<meta\s+name="description"[^>]*>/.exec(result);
  if (descriptionAt) {
    result =
      result.slice(0, descriptionAt.index) +
      `<meta name="description" content="${escapeHtml(description!)}">` +
      result.slice(descriptionAt.index + descriptionAt[0].length);
  }
  return result;
}

/**
 * The origin previews link to: PUBLIC_URL when it is set (the address users reach the app at, README); else the
 * request's own scheme and host, which Fastify reads from X-Forwarded-Proto/-Host only from the configured number
 * of proxy hops (TRUST_PROXY_HOPS); a host that is not a plain host name falls back to config's public URL.
 */
export function resolveOrigin(
  request: FastifyRequest,
  config: Pick<Config, 'PUBLIC_URL' | 'publicUrl'>,
): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  return findRequestOrigin(request) ?? new URL(config.publicUrl).origin;
}

/** For spa.ts: whether the page's facts are worth asking the API for (a page people share). */
export function isSharedPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    /^\/product\/[^/]+$/.test(path) ||
    /^\/klips\/[^/]+$/.test(path) ||
    /^\/(profile|shopstar)\/[^/]+$/.test(path) ||
    path === SHARED_LOOTBOX_PATH
  );
}
