// The first API answer of the pages most visits start on, sent along with the page, and a preload of the photo
// that becomes the page's largest paint. Without them a phone on a slow network waits for the app's code, then
// for the API, then for the photo, one after the other; with them the photo loads while the code does and the app
// draws the product, the shop's or Home's first cards or the first klip, as soon as it runs (decisions 0020, 0047,
// 0054b). The answer is made by the API route itself (app.inject), so it is byte for byte what the app would have
// fetched, rate limit included.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  DESKTOP_MEDIA_QUERY,
  KLIP_CARD_IMAGE_SIZES,
  MOBILE_MEDIA_QUERY,
  NEW_ARRIVALS_FIRST_SCREEN_PHOTOS,
  PRELOADED_ANSWERS_ELEMENT_ID,
  PRODUCT_CARD_IMAGE_SIZES,
  PRODUCT_MAIN_IMAGE_SIZES,
  SHARED_LOOTBOX_PATH,
} from '../../shared/constants.ts';
import type { KlipListResponse } from '../../shared/contracts/klips.ts';
import type { ProductDetailResponse, ProductListResponse } from '../../shared/contracts/products.ts';
import { getNewArrivalsQuery } from '../../shared/domain/home-query.ts';
import { getKlipListQuery } from '../../shared/domain/klip-query.ts';
import { requestKey } from '../../shared/domain/request-key.ts';
import { parseSharedIds } from '../../shared/domain/share-links.ts';
import { getShopListQuery } from '../../shared/domain/shop-query.ts';
import { withTimeout } from '../with-timeout.ts';

/** Past this the page goes without the answer (the app asks for it itself): a slow database must not hold it up. */
const PRELOAD_TIMEOUT_MS = 500;
/** The shop's cards in a phone's first row. */
const SHOP_PHOTOS_PRELOADED = 2;

type PagePreload = {
  /** The API request the page's app makes first, as the app makes it. */
  request: string;
  /** Preloads of the photos in view at once, from that request's answer. */
  photos(answer: unknown): string[];
};

/** A photo as the API answers it: the JPEG's URL, and the candidates per format for <picture>. */
type Photo = { url: string; srcSet: { avif?: string; webp?: string; jpeg?: string } };

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

type Page = { pathname: string; search: string; clientIp: string; listingsNeedSignIn: boolean };

/** An API answer for the page being served, or undefined when it failed or was late (PRELOAD_TIMEOUT_MS). */
export type PageAnswers = (url: string) => Promise<LightMyRequestResponse | undefined>;

/**
 * The API answers of one page request, each asked once: the preload and the page's head (page-meta.ts) may want the
 * same one (the product page does), and the database is asked for it only once. Past the timeout the page goes
 * without it: a slow database must not hold the page up.
 */
export function createPageAnswers(app: FastifyInstance, clientIp: string): PageAnswers {
  const answers = new Map<string, Promise<LightMyRequestResponse | undefined>>();
  return (url) => {
    let answer = answers.get(url);
    if (!answer) {
      answer = withTimeout(
        app.inject({ method: 'GET', url, remoteAddress: clientIp }),
        PRELOAD_TIMEOUT_MS,
        'The page preload did not answer in time',
      ).catch(() => undefined);
      answers.set(url, answer);
    }
    return answer;
  };
}

function findPreload({ pathname, search, listingsNeedSignIn }: Page): PagePreload | undefined {
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  const productId = product ? decodeSegment(product[1]!) : undefined;
  if (productId) {
    return {
      request: `/api/v1/products/${encodeURIComponent(productId)}`,
      photos: (answer) =>
        [(answer as ProductDetailResponse).product.images[0]]
          .filter((photo) => photo !== undefined)
          .map((photo) => photoPreload(photo, PRODUCT_MAIN_IMAGE_SIZES)),
    };
  }
  // The shop without filters (decision 0020). Where listings need sign-in, the page's own request carries the
  // shopper's token, which this one cannot. The request is the Shop's own (shop-query.ts builds both).
  if (/^\/shop\/?$/.test(pathname) && search === '' && !listingsNeedSignIn) {
    const query = new URLSearchParams(getShopListQuery(new URLSearchParams(search)));
    return {
      request: `/api/v1/content?${query}`,
      photos: (answer) =>
        (answer as ProductListResponse).items
          .slice(0, SHOP_PHOTOS_PRELOADED)
          .flatMap((item) => (item.cover ? [photoPreload(item.cover, PRODUCT_CARD_IMAGE_SIZES)] : [])),
    };
  }
  // Klips without a search (decision 0047: the first klip on a phone). The first klip's poster: on a phone
  // the feed's <video> shows it (its JPEG, the one URL a poster takes) until the first frame; from 768 px it is the
  // grid's first card.
  if (/^\/klips\/?$/.test(pathname) && search === '' && !listingsNeedSignIn) {
    return {
      request: `/api/v1/content?${new URLSearchParams(getKlipListQuery({}))}`,
      photos: (answer) => {
        const first = (answer as KlipListResponse).items[0];
        if (!first?.thumbnail) return [];
        const poster = { url: first.thumbnail, srcSet: first.posterSrcSet ?? {} };
        return [
          photoPreload({ url: first.thumbnail, srcSet: {} }, '', MOBILE_MEDIA_QUERY),
          photoPreload(poster, KLIP_CARD_IMAGE_SIZES, DESKTOP_MEDIA_QUERY),
        ];
      },
    };
  }
  // Home: New Arrivals, the row of cards in a phone's first screen (decision 0054b), and that row's photos.
  if (pathname === '/' && !listingsNeedSignIn) {
    return {
      request: `/api/v1/content?${new URLSearchParams(getNewArrivalsQuery())}`,
      photos: (answer) =>
        (answer as ProductListResponse).items
          .slice(0, NEW_ARRIVALS_FIRST_SCREEN_PHOTOS)
          .flatMap((item) => (item.cover ? [photoPreload(item.cover, PRODUCT_CARD_IMAGE_SIZES)] : [])),
    };
  }
  // A shared Loot Box: the answer its page and its preview (page-meta.ts describeSharedLootbox) both read, asked for
  // as both ask (so asked once, createPageAnswers). No photo preload: the page's cards are smaller than the photo.
  if (pathname.replace(/\/+$/, '') === SHARED_LOOTBOX_PATH) {
    const { ids, invalidCount, tooMany } = parseSharedIds(new URLSearchParams(search).get('products'));
    if (ids.length === 0 || invalidCount > 0 || tooMany) return undefined;
    return { request: sharedProductsRequest(ids), photos: () => [] };
  }
  return undefined;
}

/**
 * GET /api/v1/products/shared for these ids, as the shared Loot Box page asks for it (shared-products.ts: `products`
 * the ids joined by commas) and as its preview does.
 */
export function sharedProductsRequest(ids: readonly string[]): string {
  return `/api/v1/products/shared?${new URLSearchParams({ products: ids.join(',') })}`;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * A preload of the candidate the page's <picture> will pick: AVIF where the browser takes it (all current ones);
 * the JPEG's URL when the photo has no candidates. Only on screens that match `media`, when given.
 */
function photoPreload(photo: Photo, sizes: string, media?: string): string {
  const [type, srcSet] = photo.srcSet.avif
    ? ['image/avif', photo.srcSet.avif]
    : photo.srcSet.webp
      ? ['image/webp', photo.srcSet.webp]
      : [undefined, photo.srcSet.jpeg];
  const mediaAttribute = media ? ` media="${escapeAttribute(media)}"` : '';
  if (!srcSet) {
    return `<link rel="preload" as="image" href="${escapeAttribute(photo.url)}"${mediaAttribute} fetchpriority="high">`;
  }
  const typeAttribute = type ? ` type="${type}"` : '';
  return (
    `<link rel="preload" as="image"${typeAttribute} imagesrcset="${escapeAttribute(srcSet)}" ` +
    `imagesizes="${escapeAttribute(sizes)}"${mediaAttribute} fetchpriority="high">`
  );
}

/**
 * What goes into the page's head for this path: photo preloads, and the answer in a JSON script (not run: the
 * policy allows no inline scripts, and none is needed) for a page the client renders (a page the server renders
 * carries its answers in its own data, decision 0080). Empty when the page has none, or the answer failed or was late.
 */
export async function renderPagePreload(
  app: FastifyInstance,
  page: Page,
  fetchAnswer: PageAnswers = createPageAnswers(app, page.clientIp),
): Promise<{ photos: string; answer: string }> {
  const none = { photos: '', answer: '' };
  const preload = findPreload(page);
  if (!preload) return none;
  const answer = await fetchAnswer(preload.request);
  if (answer?.statusCode !== 200) return none;
  const url = new URL(preload.request, 'http://page');
  // `<` escaped, so that no text in a product can close the script early.
  const answers = `{${JSON.stringify(requestKey(url.pathname, url.searchParams))}:${answer.body}}`.replaceAll(
    '<',
    '\\u003c',
  );
  return {
    photos: preload.photos(answer.json()).join(''),
    answer: `<script type="application/json" id="${PRELOADED_ANSWERS_ELEMENT_ID}">${answers}</script>`,
  };
}
