// The one table of the app's paths: route definitions use `path`, links use `getHref`, so a URL string is never
// typed twice. Parameters are encoded here, once.

import { PASSWORD_RESET_PAGE_PATH, PASSWORD_RESET_TOKEN_PARAM } from '../../shared/constants.ts';
import type { SearchSection } from '../../shared/contracts/search.ts';

const encode = encodeURIComponent;

function withSearch(pathname: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) query.set(key, value);
  }
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The query parameter that carries "where to go back to" after signing in. */
export const REDIRECT_PARAM = 'redirectTo';

function toRedirectParam(redirectTo: string | null | undefined): string | null {
  // Going back to the home page is the default anyway; keep the URL clean.
  return redirectTo && redirectTo !== '/' ? redirectTo : null;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  shop: { path: '/shop', getHref: (search?: string) => withSearch('/shop', { search }) },
  product: { path: '/product/:id', getHref: (id: string) => `/product/${encode(id)}` },
  klips: { path: '/klips', getHref: (search?: string) => withSearch('/klips', { search }) },
  // One route with /klips: the page opened at a klip (a share link).
  klip: { path: '/klips/:id?', getHref: (id: string) => `/klips/${encode(id)}` },
  offers: { path: '/offers', getHref: () => '/offers' },
  /** The marketplace search's results (decision 0082): all sections, or one `section` paged through. */
  search: {
    path: '/search',
    getHref: (q: string, section?: SearchSection) => withSearch('/search', { q, section }),
  },
  sharedLootbox: {
    path: '/shared-lootbox',
    getHref: (productIds: readonly string[]) =>
      withSearch('/shared-lootbox', { products: productIds.join(',') }),
  },
  profile: { path: '/profile/:userId', getHref: (userId: string) => `/profile/${encode(userId)}` },
  shopstar: { path: '/shopstar/:username', getHref: (username: string) => `/shopstar/${encode(username)}` },
  creatorProducts: {
    path: '/creator/:uid/products',
    getHref: (uid: string) => `/creator/${encode(uid)}/products`,
  },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  sellerPolicy: { path: '/seller-policy', getHref: () => '/seller-policy' },
  auth: {
    login: {
      path: '/auth/login',
      getHref: (redirectTo?: string | null) =>
        withSearch('/auth/login', { [REDIRECT_PARAM]: toRedirectParam(redirectTo) }),
    },
    register: {
      path: '/auth/register',
      getHref: (redirectTo?: string | null) =>
        withSearch('/auth/register', { [REDIRECT_PARAM]: toRedirectParam(redirectTo) }),
    },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    /** The page a reset link opens (the server builds the link from the same constants). */
    resetPassword: {
      path: PASSWORD_RESET_PAGE_PATH,
      getHref: (token: string) =>
        withSearch(PASSWORD_RESET_PAGE_PATH, { [PASSWORD_RESET_TOKEN_PARAM]: token }),
    },
  },
  create: {
    product: { path: '/create/product', getHref: () => '/create/product' },
    klip: { path: '/create/klip', getHref: () => '/create/klip' },
    offer: { path: '/create/offer', getHref: () => '/create/offer' },
  },
  edit: {
    product: { path: '/edit-product/:id', getHref: (id: string) => `/edit-product/${encode(id)}` },
    klip: { path: '/edit-klip/:id', getHref: (id: string) => `/edit-klip/${encode(id)}` },
    offer: { path: '/edit-offer/:id', getHref: (id: string) => `/edit-offer/${encode(id)}` },
  },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  settings: {
    path: '/settings',
    /** `section`: the id of one section to open at (PROFILE_SECTION_ID for 'Edit profile'). */
    getHref: (section?: string) => (section ? `/settings#${section}` : '/settings'),
  },
} as const;
