// The landing pages' link previews with the app's share image (decision 0053b), and the head each served page gets:
// a shared page's own preview (page-meta.ts), else a landing page's, else its title alone.
import { SHARE_IMAGE_HEIGHT_PX, SHARE_IMAGE_PATH, SHARE_IMAGE_WIDTH_PX } from '../../shared/constants.ts';
import { SITE_PREVIEW_MESSAGES } from '../../shared/server-messages.ts';
import {
  findPageMeta,
  findStaticTitle,
  isSharedPage,
  renderMetaTags,
  type FetchAnswer,
  type Page,
  type PageMeta,
} from './page-meta.ts';

/**
 * The public landing pages a link to is worth a preview of their own (decision 0053b): the app's share image, the
 * page's title and the app's description. Pages behind sign-in, the password pages and unknown paths get none.
 */
const LANDING_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/shop$/,
  /^\/klips$/,
  /^\/offers$/,
  /^\/creator\/[^/]+\/products$/,
  /^\/terms$/,
  /^\/privacy$/,
  /^\/seller-policy$/,
  /^\/auth\/register$/,
];

/** The app's own image, absolute, with its size: the landing pages' and a photo-less shared page's. */
function withShareImage(meta: PageMeta, origin: string): PageMeta {
  if (meta.image) return meta;
  return {
    ...meta,
    image: `${origin}${SHARE_IMAGE_PATH}`,
    imageSize: { width: SHARE_IMAGE_WIDTH_PX, height: SHARE_IMAGE_HEIGHT_PX },
    largeImage: true,
  };
}

/** A landing page's preview; its address without the query (a search is not the page's name). */
function describeLandingPage(page: Page): PageMeta | undefined {
  const path = page.pathname.length > 1 ? page.pathname.replace(/\/+$/, '') : page.pathname;
  if (!LANDING_PAGES.some((pattern) => pattern.test(path))) return undefined;
  const title = findStaticTitle(path);
  return withShareImage(
    {
      title,
      ogTitle: title,
      description: SITE_PREVIEW_MESSAGES.description,
      url: `${page.origin}${path}`,
      largeImage: true,
      type: 'website',
    },
    page.origin,
  );
}

/** Everything the head gets for this request. */
export async function renderPageHead(
  fetchAnswer: FetchAnswer,
  page: Page,
): Promise<{ title: string; description?: string; tags: string }> {
  const meta = isSharedPage(page.pathname) ? await findPageMeta(fetchAnswer, page) : undefined;
  if (meta) {
    const shown = withShareImage(meta, page.origin);
    return { title: shown.title, description: shown.description, tags: renderMetaTags(shown) };
  }
  // The page's own description meta (index.html's) stays; the tags carry the same words.
  const landing = describeLandingPage(page);
  return { title: findStaticTitle(page.pathname), tags: landing ? renderMetaTags(landing) : '' };
}
