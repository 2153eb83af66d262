// Every number of the product, in one place (docs/product.md "Numbers" unless noted), plus our own limits
// (docs/product.md and docs/architecture.md). Durations are in milliseconds, sizes in bytes or pixels.

export const PRODUCT_NAME = 'Lootklip';

/**
 * The app's own link-preview image (public/share-image.png, 1200x630 as OpenGraph and X's large card want it): the
 * landing pages' preview, and a shared page's whose subject has no photo (decision 0053b).
 */
export const SHARE_IMAGE_PATH = '/share-image.png';
export const SHARE_IMAGE_WIDTH_PX = 1200;
export const SHARE_IMAGE_HEIGHT_PX = 630;

// Currency
export const CURRENCY = 'INR';
export const CURRENCY_LOCALE = 'en-IN';
export const CURRENCY_MAX_FRACTION_DIGITS = 2;
export const DEFAULT_PHONE_COUNTRY_CODE = '91';

// Paging
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
export const HOME_PRODUCTS_LIMIT = 8;
export const HOME_CATEGORIES_LIMIT = 10;
export const NEW_ARRIVALS_DISPLAYED = 6;
/** New Arrivals photos in a phone's first screen (its first row), fetched first and preloaded with Home. */
export const NEW_ARRIVALS_FIRST_SCREEN_PHOTOS = 2;
export const KLIP_LIST_DEFAULT_LIMIT = 6;
export const COMMENTS_PAGE_SIZE = 10;
export const REPLIES_PAGE_SIZE = 100;
export const KLIP_SKELETONS = 12;
export const KLIP_SKELETONS_MORE = 4;
/** Ours: a creator's profile shows one row of klips (4 at 1024 px and up), then more on asking. */
export const CREATOR_KLIPS_FIRST_SHOWN = 4;
export const PRODUCT_SKELETONS = 8;
export const PRODUCT_SKELETONS_MORE = 4;

// Images: the `sizes` of the product page's main photo (wide screens load enough pixels for its 1.8x zoom) and of
// product cards. The server preloads the same candidates for the first paint (src/server/http/page-preloads.ts).
export const PRODUCT_MAIN_IMAGE_SIZES = '(min-width: 768px) 80vw, 100vw';
export const PRODUCT_CARD_IMAGE_SIZES = '(min-width: 1280px) 280px, (min-width: 768px) 30vw, 48vw';
/** Klip card posters (klip-grid.tsx): 1 column under 360 px, 2 to 768, 3 to 1024, then 4 in a 1280 px page. */
export const KLIP_CARD_IMAGE_SIZES =
  '(min-width: 1280px) 290px, (min-width: 1024px) 22vw, (min-width: 768px) 30vw, (min-width: 360px) 48vw, 100vw';

// Offers
export const OFFER_DEFAULT_DURATION_DAYS = 7;
export const OFFER_DEFAULT_DURATION_MS = OFFER_DEFAULT_DURATION_DAYS * 24 * 60 * 60 * 1000;
export const MIN_QUANTITY = 1;
export const OFFER_REAPPLY_COOLDOWN_MS = 5000;
/** How often an offer's countdown (and whether it has ended) is renewed on screen. */
export const OFFER_COUNTDOWN_TICK_MS = 1000;
/** sessionStorage key prefix, then the product id: the offer claimed for that product (held for the session). */
export const CLAIMED_OFFER_STORAGE_KEY_PREFIX = 'claimedOffer_';
// Our offer limits (docs/product.md "Offer limits"): the spec names none. A percentage is at most 100; a fixed amount,
// a minimum purchase and a cap at most the largest product price.
export const OFFER_TITLE_MAX_LENGTH = 120;
export const OFFER_DESCRIPTION_MAX_LENGTH = 2000;
export const OFFER_PERCENT_MAX = 100;
export const OFFER_TERMS_MAX = 20;
export const OFFER_TERM_MAX_LENGTH = 300;
export const OFFER_PRODUCTS_MAX = 100;
/** Products an offer carries with their prices in a listing (the Offers page); its `products` lists every id. */
export const OFFER_FEATURED_PRODUCTS_MAX = 12;

// Cart
export const CART_STORAGE_KEY_PREFIX = 'cart_';
export const CART_OFFERS_STORAGE_KEY_PREFIX = 'cartOffers_';
export const CART_AUTOSAVE_DEBOUNCE_MS = 1000;
// Our limits (docs/product.md names none; decision 0038 refuses 10^9 and more than 100 items).
export const CART_ITEMS_MAX = 100;
export const CART_QUANTITY_MAX = 999;
/**
 * Ours (decision 0038): the tombstones (`removed`) a Loot Box keeps, the newest by removedAt; older ones are dropped
 * when it is saved, so that a shopper who took out many products can always save again.
 */
export const CART_REMOVED_KEPT = CART_ITEMS_MAX * 2;
/**
 * Ours (decision 0049): the completed (cleared) Loot Boxes kept per user, the newest by when they were cleared;
 * clearing one more removes the oldest past this in the same transaction. The app reads only the active one and,
 * after a Clear elsewhere, the one it was based on.
 */
export const LOOTBOX_COMPLETED_KEPT = 20;
/** Ours: the most tombstones a save's body may carry (the newest CART_REMOVED_KEPT of them are kept); past it, 400. */
export const CART_REMOVED_BODY_MAX = 1000;
/** Ours: how many times one save reads the newer copy, merges and tries again after a 409 (decision 0038). */
export const CART_SAVE_ATTEMPTS = 4;
/** Ours: how long a save that kept meeting newer copies (409s) waits before it tries again. */
export const CART_SAVE_RETRY_MS = 5000;
/** Ours: the products a visitor chose before signing in (sessionStorage), added once they have. */
export const CART_PENDING_ADDS_STORAGE_KEY = 'lootboxPendingAdds';
/**
 * A Loot Box item's thumbnail when its product has no image (docs/product.md "Loot Box item": the first image, then a
 * placeholder image): a plain grey square with a picture outline, inline so that it needs no file and no request.
 */
export const PRODUCT_PLACEHOLDER_IMAGE =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'><rect width='64' height='64' fill='%23e5e7eb'/><path d='M16 44l10-12 8 9 6-7 8 10z' fill='%239ca3af'/><circle cx='24' cy='24' r='4' fill='%239ca3af'/></svg>";
// Shared Loot Box (docs/product.md "Share link"): at most this many ids in one link; an id is letters, digits, _ and
// - (what product ids are), at most 64 characters.
export const SHARED_LOOTBOX_PATH = '/shared-lootbox';
export const SHARED_LOOTBOX_IDS_MAX = 50;
export const SHARED_LOOTBOX_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The specification names no campaign for the share link; ours. */
export const LOOTBOX_SHARE_TRACKING_CAMPAIGN = 'lootbox_share';
/** Ours too: the Loot Box dialog's contact, store and quote links (the medium tells which). */
export const LOOTBOX_DIALOG_TRACKING_CAMPAIGN = 'lootbox_dialog';

// Lists
export const INFINITE_SCROLL_THRESHOLD = 0.1;
export const INFINITE_SCROLL_MARGIN_PX = 100;
export const SEARCH_DEBOUNCE_MS = 300;
export const FILTER_OVERLAY_MS = 300;

// Marketplace search (decision 0082; ours, the specification's search is a list filter)
/** The longest query accepted; longer is refused with a 400 naming the limit. */
export const SEARCH_QUERY_MAX_LENGTH = 1000;
/** Words of a query searched for; the rest are ignored, so that a long query costs what a short one does. */
export const SEARCH_WORDS_MAX = 8;
/** Characters of a word searched for. */
export const SEARCH_WORD_MAX_LENGTH = 40;
/** Results of each section on the results page before 'See all'. */
export const SEARCH_SECTION_PREVIEW = 4;
export const SEARCH_SUGGESTIONS_MAX = 8;
/** Recent searches kept on the device and offered in an empty search box. */
export const RECENT_SEARCHES_MAX = 5;
/** A word this long or longer may carry one typo (shorter words are too easily another word). */
export const SEARCH_TYPO_MIN_LENGTH = 5;
/** Matches a search ranks: the newest this many, so that a common word costs the same at any catalogue size. */
export const SEARCH_CANDIDATES = 1000;
/** Matches the suggestions rank for the product names they show. */
export const SEARCH_SUGGESTION_CANDIDATES = 200;
/**
 * The ages in days where products and klips leave search tier 0, 1 and 2 for the next (migration 0032): a search
 * reads the newest tier first, each through an index of its own, and the next only when the newer have too few
 * matches; short tiers are cheap to read whole, and a common word has SEARCH_CANDIDATES matches in the first or two.
 */
export const SEARCH_TIER_DAYS = [7, 30, 180] as const;

// Related products
export const RELATED_FETCH_LIMIT = 50;
export const RELATED_MAX_SHOWN = 4;
export const RELATED_FETCH_DELAY_MS = 700;

// Responsive and scroll
export const MOBILE_BREAKPOINT_PX = 768;
/** Under the breakpoint: 767.98 rather than 767, so that fractional widths (zoom) are not left out. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
export const DESKTOP_MEDIA_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;
export const HEADER_HIDE_SCROLL_PX = 80;
export const HEADER_HIDE_DELAY_MS = 300;
export const HEADER_SHOW_TOP_PX = 5;
export const BOTTOM_BAR_HIDE_SCROLL_PX = 50;
export const SCROLL_STEP_PX = 300;

// Touch
export const SWIPE_THRESHOLD_PX = 50;
export const TOUCH_MOVE_SWIPE_PX = 10;
export const TAP_MAX_MS = 250;
export const DOUBLE_TOGGLE_GUARD_MS = 300;
export const CAROUSEL_LOCK_MS = 300;

// Klips
export const KLIP_VIEW_DEBOUNCE_MS = 3000;
export const LONG_PRESS_MS = 500;
export const AUTOPLAY_HANDOFF_MS = 5000;
export const COPY_LINK_CONFIRM_MS = 3000;
export const KEYBOARD_HELP_HIDE_MS = 3000;
export const THEATER_WIDTH_PX = 350;
export const THEATER_HEIGHT_PX = 660;
export const WHEEL_THRESHOLD = 50;
export const WHEEL_AGGREGATION_MS = 100;
export const NAVIGATION_LOCK_MS = 300;
export const PRODUCT_FETCH_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

// Hover card
export const HOVER_CARD_DELAY_MS = 300;
export const HOVER_CARD_LONG_PRESS_MS = 500;
export const HOVER_CARD_VIBRATION_MS = 50;
export const HOVER_CARD_PREFETCH_MS = 2000;
export const HOVER_CARD_AUTO_CLOSE_MS = 5000;

// Toasts
export const TOAST_DEFAULT_MS = 2000;
export const TOAST_COPY_FALLBACK_MS = 5000;
export const TOAST_LIBRARY_ERROR_MS = 4000;
export const TOAST_LIBRARY_SUCCESS_MS = 2000;
export const TOAST_MAX_VISIBLE = 20;

// Product page
export const ZOOM_SCALE = 1.8;
export const THUMBNAIL_COLUMNS = 5;
export const DESCRIPTION_SHORTEN_CHARS = 50;
export const TAGS_SHOWN_BEFORE_COLLAPSE = 4;

// Sharing
export const UTM_CONTENT_MAX_CHARS = 30;

// Identity
export const TOKEN_REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
export const AUTH_RETRY_MIN_MS = 30 * 1000;
export const AUTH_RETRY_MAX_MS = 16 * 60 * 1000;
export const AUTH_SYNC_MAX_TOKEN_AGE_MS = 5 * 60 * 1000;
export const AUTH_POPUP_WIDTH_PX = 500;
export const AUTH_POPUP_HEIGHT_PX = 600;
export const ID_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
// Profile editing (decision 0074): how long a given-up username keeps redirecting to its user's
// profile and stays reserved for them; after that anyone may take it.
export const USERNAME_REDIRECT_DAYS = 30;
/** The longest bio a profile keeps (characters). */
export const BIO_MAX_LENGTH = 500;
/** The longest full or display name. */
export const PROFILE_NAME_MAX_LENGTH = 100;
/** How long the external provider's sign-in (start to callback) may take. */
export const OIDC_TRANSACTION_TTL_SECONDS = 10 * 60;

// Media (docs/product.md "Media limits")
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1080] as const;
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 180;
/**
 * Days a klip view row (who was counted that UTC day) is kept before the periodic sweep removes it: the dashboard
 * counts a klip's views per day from these rows over its longest period and the one before it (2 x 30 days,
 * decision 0065).
 */
export const KLIP_VIEWS_RETENTION_DAYS = 60;
/** Longest side of an uploaded video's picture: 4K (3840x2160, DCI 4096x2160) passes, 8K (7680x4320) does not. */
export const MAX_VIDEO_SIDE_PX = 4096;
export const VIDEO_WIDTH_PX = 720;
export const VIDEO_HEIGHT_PX = 1280;
/**
 * Bytes of stored media (every variant and poster, as stored) one user may hold. Ours: the spec names none. About
 * 400 products of ten photos each, or ten long videos; enough for any seller, and a cap on what one account costs.
 */
export const MEDIA_QUOTA_BYTES_PER_USER = 2 * 1024 * 1024 * 1024;

// Jobs and media housekeeping (ours; decisions 0004, 0006 and 0027). Finished jobs are kept a while for
// diagnosis, failed ones longer. An upload no row uses yet (a form not saved yet) survives the grace period.
export const JOBS_DONE_RETENTION_DAYS = 7;
export const JOBS_FAILED_RETENTION_DAYS = 30;
export const UNREFERENCED_MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

// Idempotent creates and load shedding (ours; decision 0034). A create's Idempotency-Key is remembered a day: a
// client's retries after a timeout or a 503 come within minutes, and a phone that was offline overnight within the
// day. A 503 (overload, an unreachable database, a request past its deadline) asks for a retry after a few seconds.
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const RETRY_AFTER_SECONDS = 5;
/** How often the data directory's free space is checked against STORAGE_MIN_FREE_MB (decision 0050). */
export const STORAGE_CHECK_INTERVAL_MS = 1000;
/**
 * How long a stopping server stays listening, not ready, answering with `Connection: close` (decision 0055): time
 * for a load balancer to see /readyz fail and for the kernel's queue of accepted connections to be taken.
 */
export const SHUTDOWN_DRAIN_MS = 2000;
/**
 * Embedded Postgres runs on the server's thread: queries waiting for its one connection run back to back this long
 * before the event loop gets a turn (decision 0050).
 */
export const PGLITE_YIELD_AFTER_MS = 10;
/**
 * While the app starts (docs/product.md "First start", decision 0051): how often the startup page asks /readyz, and
 * after how long a page without JavaScript reloads itself.
 */
export const STARTUP_POLL_INTERVAL_MS = 1000;
export const STARTUP_NO_SCRIPT_RELOAD_SECONDS = 5;

// Catalogue limits (ours: docs/product.md "Product limits"). A 5 MB description is refused, not truncated.
export const PRODUCT_NAME_MAX_LENGTH = 150;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 5000;
export const PRODUCT_PRICE_MAX = 10_000_000;
export const PRODUCT_DISCOUNT_MAX = 100;
export const PRODUCT_TAGS_MAX = 20;
export const PRODUCT_TAG_MAX_LENGTH = 30;
export const PRODUCT_EXTERNAL_LINKS_MAX = 10;
export const URL_MAX_LENGTH = 2048;
/** Public listing pages kept in memory for LIST_CACHE_MS (the server's config), at most this many at once. */
export const LIST_CACHE_MAX_ENTRIES = 1000;
/** Filtered lists (search, price) count matches up to this many; beyond it the total reads "1000+". */
export const LIST_TOTAL_CAP = 1000;

// Settings (ours). Each stored settings object (app settings, profile settings, preferences) is at most this many
// bytes as JSON, so that many small PATCHes cannot grow a row without bound.
export const SETTINGS_OBJECT_MAX_BYTES = 16 * 1024;
/** How long the client reuses a user's settings before asking again (ours): only Settings changes them. */
export const SETTINGS_STALE_MS = 5 * 60_000;
/**
 * Who may see a user's content or contact them (decision 0070): everyone, signed-in users only, or nobody but the
 * user. There is no follower graph, so the spec's other value sets are not offered.
 */
export const PRIVACY_AUDIENCES = ['everyone', 'signedIn', 'nobody'] as const;
/** Languages the app has texts for; 'hi' joins once a Hindi translation exists (decision 0070). */
export const LANGUAGES = ['en'] as const;
/** content.quality: auto picks by screen and connection, high is the 720p rendition, dataSaver the 480p one. */
export const VIDEO_QUALITIES = ['auto', 'high', 'dataSaver'] as const;

// Settings screen and the settings that take effect (ours; docs/product.md "Settings"; decision 0073).
/** The theme choices: light and dark, or 'system', which follows the device's colour scheme as it changes. */
export const THEMES = ['light', 'dark', 'system'] as const;
/** One toast for the settings screen's saves: the next change replaces it rather than stacking another. */
export const SETTINGS_TOAST_ID = 'settings-save';
/** The zone a signed-out visitor's times are shown in when the device names none. */
export const DEFAULT_TIME_ZONE = 'UTC';

// Link preview (docs/architecture.md "Security"; the product names no numbers). Ports other than these are refused.
export const LINK_PREVIEW_TIMEOUT_MS = 10_000;
export const LINK_PREVIEW_MAX_BYTES = 1024 * 1024;
export const LINK_PREVIEW_MAX_REDIRECTS = 3;
export const LINK_PREVIEW_ALLOWED_PORTS = [80, 443] as const;
export const LINK_PREVIEW_CACHE_MAX_ENTRIES = 1000;
export const LINK_PREVIEW_CACHE_TTL_MS = 60 * 60 * 1000;
/** Failures are remembered briefly, so a dead link is not fetched on every dialog open but recovers soon. */
export const LINK_PREVIEW_FAILURE_TTL_MS = 60 * 1000;
export const LINK_PREVIEW_TITLE_MAX_LENGTH = 300;
export const LINK_PREVIEW_DESCRIPTION_MAX_LENGTH = 1000;

// Sign-in and sign-up limits (ours; docs/architecture.md "Identity"; docs/decisions/0031-sessions-and-throttling.md).
// Only failed sign-ins count. An address is refused past its failures; an account is never locked, only slowed: once
// it has SIGN_IN_PER_ACCOUNT_MAX failures in the window, its sign-ins take turns one after another, spaced by
// SIGN_IN_SLOW_ACCOUNT_DELAY_MS, doubled for every further SIGN_IN_PER_ACCOUNT_MAX failures up to
// SIGN_IN_SLOW_ACCOUNT_MAX_DELAY_MS; a turn further away than SIGN_IN_SLOW_ACCOUNT_MAX_WAIT_MS answers 429. A device
// that signed in to the account before (its device cookie) skips the turns until it fails SIGN_IN_PER_DEVICE_MAX
// times in the window (docs/decisions/0048-reset-links-cookie-origins-and-account-slow-down.md).
export const SIGN_IN_PER_IP_MAX = 20;
export const SIGN_IN_PER_ACCOUNT_AND_IP_MAX = 5;
export const SIGN_IN_PER_ACCOUNT_MAX = 50;
export const SIGN_IN_SLOW_ACCOUNT_DELAY_MS = 1000;
export const SIGN_IN_SLOW_ACCOUNT_MAX_DELAY_MS = 4000;
/** Below the server's request deadline (REQUEST_TIMEOUT_MS, 30 s by default), so a waiting sign-in is answered. */
export const SIGN_IN_SLOW_ACCOUNT_MAX_WAIT_MS = 20_000;
export const SIGN_IN_PER_DEVICE_MAX = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** The device cookie: which accounts this browser signed in to, signed by the server (at most this many). */
export const DEVICE_COOKIE_NAME = 'lk_device';
export const DEVICE_COOKIE_TTL_DAYS = 180;
export const DEVICE_COOKIE_MAX_ACCOUNTS = 5;
export const SIGN_UP_PER_IP_MAX = 10;
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

// Two-factor sign-in (decision 0075). TOTP as authenticator apps read it (RFC 6238: SHA-1, six
// digits, 30-second steps); a code one step either side of now is accepted, never one at or before the last used
// step. A password sign-in of an account with two-factor on answers a challenge that lives TWO_FACTOR_CHALLENGE_TTL_MS
// and is used once. Wrong codes count per address with the sign-in limits and per account: TWO_FACTOR_FAILURES_MAX in
// SIGN_IN_WINDOW_MS, then 429.
export const TWO_FACTOR_ISSUER = 'Lootklip';
export const TWO_FACTOR_DIGITS = 6;
export const TWO_FACTOR_PERIOD_SECONDS = 30;
export const TWO_FACTOR_WINDOW_STEPS = 1;
export const TWO_FACTOR_SECRET_BYTES = 20;
export const TWO_FACTOR_RECOVERY_CODE_COUNT = 10;
/** Recovery codes: this many characters of an unambiguous alphabet, shown as two groups of five. */
export const TWO_FACTOR_RECOVERY_CODE_LENGTH = 10;
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const TWO_FACTOR_FAILURES_MAX = 10;
/** A refresh token presented again this soon after its rotation is a race between two tabs, not a theft. */
export const REFRESH_REUSE_GRACE_MS = 10 * 1000;

// Password reset (ours; decision 0045). A link lives 30 minutes and works
// once. Requests are limited per address and per e-mail (each one may send a mail to that inbox), answering 429 past
// either limit whatever the account, so the limit tells nothing about which e-mails have one.
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
export const PASSWORD_RESET_PER_IP_MAX = 10;
export const PASSWORD_RESET_PER_EMAIL_MAX = 3;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;
/** Random bytes of a reset token; only their SHA-256 is stored. */
export const PASSWORD_RESET_TOKEN_BYTES = 32;
/** The page a reset link opens (the client's route): `${PUBLIC_URL}/auth/reset-password?token=...`. */
export const PASSWORD_RESET_PAGE_PATH = '/auth/reset-password';
export const PASSWORD_RESET_TOKEN_PARAM = 'token';

// Creator hover card (ours: docs/product.md "Hover card" names only the opening times). The pointer may be off
// both the chip and the card this long before the card closes, so it can cross the gap between them.
export const HOVER_CARD_CLOSE_DELAY_MS = 300;

// Contact dialog and outbound links (docs/product.md "Share link" and "Toasts"). "utm_source (the product's name in
// lowercase)" names the app: Lootklip. No campaign is named; the contact dialog's links use this one.
export const TRACKING_SOURCE = PRODUCT_NAME.toLowerCase();
export const TRACKING_MEDIUMS = {
  share: 'lootbox_share',
  contact: 'lootbox_contact',
  external: 'lootbox_external',
  quote: 'quote_request',
  /** Ours (decision 0041): a klip's share link. */
  klipShare: 'klip_share',
} as const;
export const CONTACT_TRACKING_CAMPAIGN = 'product_contact';

// Product form (create and edit pages; docs/product.md "Product images"). The server decides an upload's type
// by its magic bytes; the form checks the picked file's type first, so a seller hears at once what is accepted.
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** For files a picker hands over with no type (some Android galleries): judged by the name's extension. */
export const IMAGE_UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif'] as const;

/**
 * A cookie set and cleared with the refresh cookie, readable by the page and holding no secret: a page without it
 * knows at once that nobody is signed in, instead of asking the server first (every visitor's first paint waited
 * on that).
 */
export const SESSION_HINT_COOKIE_NAME = 'lk_session';
/** id of the page's JSON script with the API answers the server sent along with the page (page-preloads.ts). */
export const PRELOADED_ANSWERS_ELEMENT_ID = 'lk-preloaded';
/** id of a server-rendered page's JSON script: its render environment and query cache (decision 0080). */
export const PAGE_DATA_ELEMENT_ID = 'lk-page';
/**
 * id of the `<template>` holding a rendered page's app code until its first paint, or on the phone feed until its
 * first klip's first frame (decision 0085; public/page-start.js, which cannot import this, names it too).
 */
export const HELD_APP_CODE_ELEMENT_ID = 'lk-app-code';

// Klip interactions (docs/product.md "Klip interactions API"; decision 0041).
/** The longest comment or reply, in characters after trimming (ours; a 10 KB comment is refused). */
export const COMMENT_MAX_LENGTH = 1000;
/** The most comments or replies one page of GET .../comments answers. */
export const COMMENTS_PAGE_MAX = 100;
/** Header with the anonymous viewer's session id, so that the server counts an anonymous view once a day. */
export const VIEWER_ID_HEADER = 'x-lootklip-viewer';
/** Anonymous sessions one address counts as viewers of one klip a day; more from there count no view. */
export const ANONYMOUS_VIEWERS_PER_ADDRESS = 20;
/** The most bytes of a generic interaction's extras, as JSON. */
export const INTERACTION_EXTRAS_MAX_BYTES = 2048;
/** The most keys a generic interaction's extras hold (ours: the app sends one, `target` or `share_method`). */
export const INTERACTION_EXTRAS_MAX_KEYS = 8;
/** The longest text value in a generic interaction's extras (ours); values are flat: text, number, true/false. */
export const INTERACTION_EXTRA_VALUE_MAX_LENGTH = 200;
/** The spec's generic interactions (POST /interactions): shares and the contact and outbound clicks. */
export const INTERACTION_TYPES = [
  'share',
  'utm_link_click',
  'whatsapp_click',
  'phone_click',
  'email_click',
  'external_link_click',
  'add_to_lootbox',
] as const;
// Klips (docs/product.md "Klip"): the fields a seller writes, as the klips table allows them (migration 0012), and
// the avatar a klip shows for a creator who has none (docs/product.md "Klip": "A missing avatar gets a placeholder").
export const KLIP_TITLE_MAX_LENGTH = 150;
export const KLIP_DESCRIPTION_MAX_LENGTH = 2000;
export const KLIP_TAGS_MAX = 20;
export const KLIP_TAG_MAX_LENGTH = 50;
export const KLIP_DEFAULT_USER_NAME = 'Shop Star';
export const KLIP_PLACEHOLDER_AVATAR =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'><rect width='64' height='64' fill='%23e5e7eb'/><circle cx='32' cy='24' r='12' fill='%239ca3af'/><path d='M10 60c2-14 12-20 22-20s20 6 22 20z' fill='%239ca3af'/></svg>";
/** The small rendition of a klip: 480x854, next to the 720x1280 one (VIDEO_WIDTH_PX x VIDEO_HEIGHT_PX). */
export const VIDEO_SD_WIDTH_PX = 480;
export const VIDEO_SD_HEIGHT_PX = 854;

// Klip sharing (docs/product.md "Share link", ours): a klip's link is origin + /klips/{id} with utm_medium
// TRACKING_MEDIUMS.klipShare, this campaign, and utm_content naming where it was shared (KLIP_SHARE_TARGETS).
export const KLIP_SHARE_TRACKING_CAMPAIGN = 'klips';
export const KLIP_SHARE_TARGETS = ['copy_link', 'whatsapp', 'x', 'facebook', 'native'] as const;
// Klip form (create and edit pages; docs/product.md "Klip video upload"). The server decides a video's type by its
// magic bytes and measures it with ffprobe; the form checks the picked file first, so a seller hears at once.
export const VIDEO_UPLOAD_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
/** For files a picker hands over with no type: judged by the name's extension. */
export const VIDEO_UPLOAD_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm'] as const;
/** How long the browser may take to read a picked video's duration before the upload goes ahead (ours). */
export const VIDEO_METADATA_TIMEOUT_MS = 5000;
/** How often the edit page asks for a processing klip's status (ours). */
export const KLIP_STATUS_POLL_MS = 2000;
/** The frame the seller picks is sent as a JPEG of this quality (0 to 1; ours). */
export const KLIP_POSTER_JPEG_QUALITY = 0.9;

// Cookie consent (docs/product.md "Cookie consent", "Cookie preferences"): stored in localStorage under this key.
export const COOKIE_PREFERENCES_STORAGE_KEY = 'cookiePreferences';
export const COOKIE_CATEGORIES = [
  'necessary',
  'functional',
  'analytics',
  'marketing',
  'preferences',
] as const;
export const OPTIONAL_COOKIE_CATEGORIES = ['functional', 'analytics', 'marketing', 'preferences'] as const;

// First-party analytics (docs/product.md "Analytics"; ours).
/** The most events one POST /api/v1/events carries, and its most bytes. */
export const ANALYTICS_BATCH_MAX_EVENTS = 50;
export const ANALYTICS_BATCH_MAX_BYTES = 16 * 1024;
export const ANALYTICS_PATH_MAX_LENGTH = 300;
export const ANALYTICS_UTM_VALUE_MAX_LENGTH = 100;
/** A quote request names at most the Loot Box's items. */
export const ANALYTICS_QUOTE_PRODUCTS_MAX = CART_ITEMS_MAX;
/** The tab's analytics session id: random, kept in sessionStorage (never a cookie). */
export const ANALYTICS_SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const ANALYTICS_SESSION_STORAGE_KEY = 'lootklipAnalyticsSession';
/** The landing URL's tracking parameters, kept for the tab's session. */
export const ANALYTICS_UTM_STORAGE_KEY = 'lootklipAnalyticsUtm';
/** The client sends its queued events this long after the first of them, or at once when the page is hidden. */
export const ANALYTICS_FLUSH_MS = 5000;
/**
 * The most events one write of the events endpoint's group commit carries (decision 0069): batches arriving while a
 * write is in flight are written together by the next, up to this many events, so the statement stays short.
 */
export const ANALYTICS_GROUP_COMMIT_MAX_EVENTS = 1000;
/**
 * Group writes in flight at once (decision 0069): at 2 000 events/s two halved the batches' p50 but doubled the product
 * read's p99 beside them; one leaves the database's other core to the reads.
 */
export const ANALYTICS_GROUP_COMMIT_WRITERS = 1;
/** Raw events are kept this many days by default (ANALYTICS_RETENTION_DAYS); roll-ups are kept. */
export const ANALYTICS_RETENTION_DAYS_DEFAULT = 90;
/**
 * The meta tag through which a page names its media host when media is served from one of its own
 * (MEDIA_PUBLIC_URL), for the fast-connection preconnect (docs/product.md "Analytics").
 */
export const MEDIA_ORIGIN_META_NAME = 'lootklip-media-origin';

// Dashboard (docs/product.md "Dashboard"; ours).
export const DASHBOARD_PERIODS = ['7d', '30d'] as const;
/** The dashboard's lists (GET /api/v1/dashboard?section=...) and its figures, in the order the page shows them. */
export const DASHBOARD_SECTIONS = ['products', 'klips', 'offers'] as const;
export const DASHBOARD_STAT_KEYS = [
  'productViews',
  'klipViews',
  'likes',
  'comments',
  'shares',
  'lootboxAdds',
  'contactClicks',
  'quoteRequests',
] as const;
export const DASHBOARD_PERIOD_DAYS = { '7d': 7, '30d': 30 } as const;
/** Items in each top list, and klips in the funnel. */
export const DASHBOARD_TOP_ITEMS = 5;
export const DASHBOARD_FUNNEL_KLIPS = 10;
/**
 * Which consent category each event type needs (docs/product.md "Cookie consent"; decision 0064): all of ours are
 * analytics. We do no retargeting, so marketing gates nothing we send.
 */
export const ANALYTICS_EVENT_CONSENT = {
  page_view: 'analytics',
  share: 'analytics',
  utm_link_click: 'analytics',
  product_view: 'analytics',
  lootbox_add: 'analytics',
  contact_click: 'analytics',
  quote_request: 'analytics',
  klip_product_tap: 'analytics',
} as const satisfies Record<string, 'analytics' | 'marketing'>;
/** Why the events endpoint refused a request or dropped (or did not count) an event; analytics_refusals' reasons. */
export const ANALYTICS_REFUSAL_REASONS = [
  'too-large',
  'invalid',
  'rate-limited',
  'no-consent',
  'unknown-content',
  'duplicate',
] as const;
/** Batches one address may send a minute by default (ANALYTICS_EVENTS_RATE_LIMIT_MAX): a tab sends one per flush. */
export const ANALYTICS_EVENTS_RATE_LIMIT_DEFAULT = 120;
/** The roll-up job's period, and how far behind now it stops: longer than any insert transaction (decision 0064). */
export const ANALYTICS_ROLLUP_INTERVAL_MS = 60_000;
export const ANALYTICS_ROLLUP_MARGIN_MS = 2 * 60_000;
/** The maintenance job (partitions ahead, retention) runs daily and once at start. */
export const ANALYTICS_MAINTENANCE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Monthly partitions made ahead of the current month. */
export const ANALYTICS_PARTITIONS_AHEAD_MONTHS = 2;
/** How often a server writes its in-memory refusal counts (ANALYTICS_REFUSALS_FLUSH_MS). */
export const ANALYTICS_REFUSALS_FLUSH_MS_DEFAULT = 60_000;

// Notifications (docs/product.md "Notifications"; decision 0077)
/** What a notification is about: a like, a comment or a reply on a klip, or an offer ending soon. */
export const NOTIFICATION_KINDS = ['like', 'comment', 'reply', 'offer_ending'] as const;
/** Groups on one page of GET /api/v1/notifications by default, and at most. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** Ids one POST /api/v1/notifications/read may name. */
export const NOTIFICATIONS_READ_MAX_IDS = 100;
/** An offer on a Loot Box product is "ending" this long before its end. */
export const NOTIFICATION_OFFER_ENDING_WITHIN_MS = 24 * 60 * 60 * 1000;
/** Open event streams one user may hold on one instance (a tab holds one); the next is refused with 429. */
export const NOTIFICATION_STREAMS_PER_USER = 5;
/** A stream's heartbeat; each one checks again that the session is live, and closes the stream when it is not. */
export const NOTIFICATION_STREAM_HEARTBEAT_MS = 25_000;
/** A stream whose count read failed (a busy database) sends it again after this long. */
export const NOTIFICATION_STREAM_RETRY_MS = 2_000;
/** How often the client asks for the unread count when its stream is not open (the polling fallback). */
export const NOTIFICATION_POLL_MS = 30_000;
/** The Redis channel instances publish "this user's activity changed" on. */
export const NOTIFICATION_REDIS_CHANNEL = 'lootklip:notifications';
