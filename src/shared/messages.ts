// Every visible text of the product (docs/product.md) that both sides or several screens use, written exactly as
// it is given there. Functions build the texts that carry a value.
import { TWO_FACTOR_MESSAGES } from './two-factor-messages.ts';

export const HTTP_MESSAGES = {
  network: 'Network error - Please check your connection',
  notFound: (path: string) => `API endpoint not found: ${path}`,
  unauthorized: 'Unauthorized - Please login again',
  forbidden: 'Forbidden - You do not have permission',
  fallback: 'An error occurred',
  invalidResponse: 'Invalid response from server',
  invalidResponseFormat: 'Invalid response format from server',
  requestInterceptor: 'Request interceptor error',
} as const;

export const SERVER_MESSAGES = {
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  overloaded: 'The server is busy. Please try again in a few seconds.',
  shuttingDown: 'This server is shutting down. Please try again in a few seconds.',
  storageFull: "The server's storage is full, so nothing can be saved right now. Please try again later.",
  idempotencyKeyReused:
    'Idempotency-Key: this key was already used with a different request. Send a new key for a new item.',
  payloadTooLarge: (limit: string) => `The upload is too large. The limit is ${limit}.`,
  unsupportedImage: 'Unsupported image. Upload a JPEG, PNG, WebP or AVIF file.',
  unsupportedVideo: 'Unsupported video. Upload an MP4, MOV or WebM file.',
  imageTooManyPixels: 'The image is too large. Use an image of at most 40 megapixels.',
  imageUnreadable: 'The image file is damaged or incomplete.',
  noFile: 'No file was uploaded.',
  uploadAborted: 'The upload was interrupted.',
  videoTooLong: (limit: string) => `The video is too long. The limit is ${limit}.`,
  videoUnreadable: 'The video file is damaged or has no picture.',
  videoProcessingFailed: 'The video could not be processed. Try another file.',
  videoProcessingGaveUp: 'The video could not be processed just now. Use Retry to try again.',
  videoCutOff: 'The video file is cut off: it ends before its own data does. Upload the whole file.',
  videoBadBox: 'The video file is damaged: its MP4/MOV structure is broken.',
  videoNoPicture: 'The file has no picture: upload a video, not sound only.',
  videoNoLength: 'The video has no length.',
  videoTooManyPictures: 'The video has more than one picture track. Upload a video with one.',
  videoTooLarge: (limit: string) =>
    `The video's picture is too large. The limit is ${limit} pixels on a side.`,
  videoDeclaredType: (type: string) => `The file was sent as ${type}, not as a video.`,
  oneFileOnly: 'Send one file per upload.',
  mediaNotFound: 'Media not found.',
  mediaQuotaExceeded: (limit: string) =>
    `Your media storage is full. Each account may store up to ${limit}; delete some photos or videos first.`,
  rangeNotSatisfiable: 'The requested range is not satisfiable.',
  validation: (field: string, problem: string) => `${field}: ${problem}`,
  badUrl: 'The address is not a valid URL.',
  urlPartTooLong: 'A part of the address is too long.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  badRequest: 'The request could not be read.',
  missingHost: 'The request has no Host header.',
  unstorableText: 'contains a character that cannot be stored (a NUL or a broken Unicode sequence)',
} as const;

// The preview of the app's landing pages (decision 0053b): the same words as index.html's description, which is
// static HTML written by hand; change the two together.
export const SITE_PREVIEW_MESSAGES = {
  description:
    'Lootklip: shop products Shop Stars show in short klips, claim offers and deal directly with sellers across India.',
} as const;

export const APP_MESSAGES = {
  loading: 'Loading...',
  notFoundTitle: 'Page not found',
  notFoundBody: 'The page you are looking for does not exist or has moved.',
  backHome: 'Back to Home',
  searchPlaceholder: 'Search Lootklip...',
  somethingWentWrong: 'Something went wrong',
  tryAgain: 'Try Again',
  signInToView: (area: 'Shop' | 'Klips' | 'Offers' | 'Content') => `Sign in to view ${area}`,
  signIn: 'Sign In',
  createAccount: 'Create Account',
  productsEmpty: 'No products found',
  klipsEmpty: 'No klips found',
  hotDealsEmpty: 'No special deals right now, but check back soon!',
  newArrivalsEmpty: 'Fresh items arriving soon. Stay tuned!',
  productUnavailable: 'Product information not available',
  activity: 'Activity',
  noActivity: 'No new activity',
  accountMenu: 'Account menu',
  /** Initials are text on screen, so the name says them too (docs/product.md "Accessibility"). */
  accountMenuWithInitials: (initials: string) => `Account menu, ${initials}`,
} as const;

// Sharing (docs/product.md "Error texts: Sharing").
export const SHARE_MESSAGES = {
  productShareFailed: 'Failed to share product',
  linkCopied: 'Link copied to clipboard!',
  linkCopyFailed: 'Failed to copy link.',
} as const;

// Cookie consent: its texts are in consent-messages.ts, a module of their own, so that every page's first script
// (which carries this file) does not carry them; only the banner, the dialog and Settings load them (decision 0066).

// Home (docs/product.md "Home" and "Error texts: Home and lists").
export const HOME_MESSAGES = {
  newArrivalsFailed: 'Failed to load new arrivals.',
  dealsFailed: 'Failed to load deals.',
  allFailed: 'Failed to load any content for the homepage.',
  allFailedToast: 'Could not load homepage content.',
  unexpected: 'An unexpected error occurred while loading the page.',
  sectionFailed: 'Could not load this section.',
  dealsSignIn: 'Sign in to view our exclusive deals.',
  newArrivalsSignIn: 'Sign in to see the latest arrivals.',
  dealBadge: 'LOOT NOW',
} as const;

// Catalogue: products, their contact details and links (docs/product.md "Validation rules" and "Error texts").
export const CATALOGUE_MESSAGES = {
  untitledProduct: 'Untitled Product',
  invalidWhatsApp: 'Invalid WhatsApp number',
  invalidPhone: 'Invalid phone number',
  invalidEmail: 'Invalid email address',
  invalidUrl: 'Invalid URL',
  invalidLink: 'Invalid link',
  noContactInfo: 'No contact information available',
  productNotFound: 'Product not found',
  productLoadFailed: 'Failed to load product details',
  categoryNotInTree: 'choose a category from the list',
  notYourProduct: 'Only the seller who listed this product can change it.',
  ownProductRating: 'You cannot rate your own product.',
  multipartDataFirst: 'data: send the product fields as a JSON field named data before any image.',
  multipartDataNotJson: 'data: the product fields must be JSON.',
  multipartOnlyImages: 'Only image files named images may follow the data field.',
  ratingSaved: 'Thanks for rating this product!',
  ratingFailed: 'Could not save your rating. Please try again.',
  tooManyImages: (max: number) => `A product can have at most ${max} images.`,
  priceRangeInverted: 'Min Price must not exceed Max Price',
  // Ours (decision 0044): the count above a search's results.
  searchResults: (total: number, search: string) =>
    `${total.toLocaleString('en-IN')} ${total === 1 ? 'result' : 'results'} for "${search}"`,
  // Ours (decision 0046): a product is created, or changed, only with a way to reach its seller. The
  // API's message follows `contactInfo: ` (SERVER_MESSAGES.validation); the form says it in the form's words.
  noContactMethod:
    'add a WhatsApp number, phone number or e-mail, or an external store link (externalLinks), so buyers can reach you',
} as const;

// Offers (docs/product.md "Offer creation", "Offer on a product", "Offers page" and "Error texts: Product page").
export const OFFER_MESSAGES = {
  titleRequired: 'Offer title is required',
  valueRequired: 'Valid discount value is required',
  startAfterEnd: 'Start date cannot be later than end date',
  percentTooHigh: 'A percentage discount can be at most 100%',
  minPurchaseNegative: 'Minimum purchase cannot be negative',
  productsRequired: 'Choose at least one of your products for this offer',
  tooManyProducts: (max: number) => `An offer can include at most ${max} products.`,
  productNotYours: (id: string) => `products: ${id} is not one of your products`,
  productListedTwice: (id: string) => `products: ${id} is listed twice`,
  offerNotFound: 'Offer not found',
  notYourOffer: 'Only the seller who created this offer can change it.',
  claimed: 'Offer claimed and applied',
  removed: 'Offer removed successfully',
  reapplied: 'Offer reapplied successfully',
  reapplyCountdown: (seconds: number) => `Can reapply offer in ${seconds} seconds...`,
  reapply: 'Reapply Offer',
  remove: 'Remove Offer',
  claim: 'Claim',
  claimOffer: 'Claim Offer',
  ended: 'This offer has ended',
  upcoming: 'This offer has not started yet',
  addMore: (amount: string) => `Add ${amount} more to use this offer`,
  minPurchase: (amount: string) => `Min. purchase ${amount}`,
  maxDiscount: (amount: string) => `Save up to ${amount}`,
  offerDiscountLine: 'Offer discount',
  /** docs/product.md "Shown price": an offer not claimed, beside the price (on a card, the shared Loot Box). */
  priceWithOffer: (price: string) => `${price} with offer`,
  /** A link preview's line for an offer not claimed (docs/product.md "Shown price"). */
  previewOffer: (label: string, price: string) => `Offer to claim: ${label}, ${price}`,
  offersEmpty: 'No active offers right now',
  offersFailed: 'Failed to load offers',
  created: 'Offer created',
  updated: 'Offer updated',
  deleted: 'Offer deleted',
  // The owner's controls on their offer's card and on Edit Offer (ours: the spec names no texts for them).
  edit: 'Edit',
  editLabel: (title: string) => `Edit offer ${title}`,
  deleteShort: 'Delete',
  deleteLabel: (title: string) => `Delete offer ${title}`,
  deleteAction: 'Delete Offer',
  deleteTitle: 'Delete this offer?',
  deleteDescription: 'Shoppers will no longer see it or be able to claim it. This cannot be undone.',
  deleteKeep: 'Keep offer',
  creatorOffersHeading: 'Offers',
  showMoreOffers: 'Show more offers',
  saveFailed: 'Could not save the offer. Please try again.',
} as const;

// Link preview (docs/architecture.md "Security"): why a link was refused or could not be previewed. The app only
// logs these and falls back to a default icon.
export const LINK_PREVIEW_MESSAGES = {
  invalidUrl: 'The link is not a valid web address.',
  unsupportedScheme: (scheme: string) => `Only http and https links can be previewed, not ${scheme}.`,
  credentials: 'Links with a user name or password cannot be previewed.',
  portNotAllowed: (port: number) => `Links to port ${port} cannot be previewed; only ports 80 and 443 can.`,
  addressNotAllowed: 'The link points to a private or local address, which cannot be previewed.',
  redirected: (problem: string) => `The link redirects elsewhere. ${problem}`,
  tooManyRedirects: (max: number) => `The link redirects more than ${max} times.`,
  hostNotFound: "The link's website could not be found.",
  unreachable: "The link's website could not be reached.",
  timeout: "The link's website took too long to answer.",
  upstreamStatus: (status: number) => `The link's website answered with HTTP status ${status}.`,
  notHtml: 'The link does not point to a web page.',
} as const;

// The sign-up page (ours: the spec names no text for it): signing up, by e-mail or an external account, accepts the
// policies, each named as its page's title and linked to it.
export const SIGN_UP_MESSAGES = {
  acceptBefore: 'By signing up, you accept our',
  terms: 'Terms of Service',
  acceptBetween: 'and',
  privacy: 'Privacy Policy',
  acceptAfter: '.',
} as const;

// Identity provider answers (docs/architecture.md "Identity"); the code travels with each in the error body.
export const AUTH_MESSAGES = {
  wrongCredentials: 'The e-mail or password is incorrect.',
  emailInUse: 'An account with this e-mail already exists. Sign in instead.',
  usernameInUse: 'This username is taken. Try another one.',
  weakPassword: 'This password is too common. Choose one that is harder to guess.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  crossSiteRequest: 'This request came from another site. Open Lootklip itself to continue.',
  usernameAvailable: 'Username is available',
  usernameTaken: 'Username is already taken',
  externalAccountExists:
    'An account with this e-mail already exists. Sign in with your password; the external account was not linked.',
  externalNoEmail: 'The sign-in provider did not share an e-mail address, so no account could be made.',
  externalCancelled: 'Sign-in was cancelled.',
  externalFailed: 'Sign-in with the external provider did not complete. Please try again.',
  externalUnreachable: 'The sign-in provider could not be reached. Please try again in a moment.',
  externalNotConfigured: 'External sign-in is not set up on this server.',
  externalDone: 'Signed in. You can close this window.',
} as const;

// Settings: the free-form objects' size cap (SETTINGS_OBJECT_MAX_BYTES).
export const SETTINGS_MESSAGES = {
  tooLarge: (object: string, limitKb: number) =>
    `The ${object} would be larger than the limit of ${limitKb} KB. Remove some entries and try again.`,
  // A zone Intl accepts but the database cannot cut days in (an offset such as '+05:30'; decision 0079).
  unknownTimeZone: 'a named IANA time zone such as Asia/Kolkata or UTC',
} as const;

// User calls (docs/product.md "User calls").
export const USER_MESSAGES = {
  userIdRequired: 'User ID is required',
  usernameRequired: 'Username is required',
  userNotFound: 'User not found',
  // Ours: the way on from 'User not found'.
  backToShop: 'Back to Shop',
  imageUnavailable: (field: string) => `${field}: this image is no longer available. Upload it again.`,
} as const;

// Forgot password and the reset link (ours; docs/product.md "Auth pages", decision 0045). The
// request's answer is the same whether or not the e-mail has an account.
export const PASSWORD_RESET_MESSAGES = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot Password',
  forgotSubtitle: 'Enter the e-mail of your account and we will send you a link to set a new password.',
  send: 'Send Reset Link',
  sending: 'Sending...',
  requested: 'If an account exists for that e-mail, we have sent a link to reset its password.',
  requestedHint: (minutes: number) =>
    `The link works once, for ${minutes} minutes. Check your spam folder if it does not arrive.`,
  backToSignIn: 'Back to Sign In',
  remembered: 'Remembered it?',
  tagline: 'Back to your loot in a minute.',
  featureMail: { title: 'A link by e-mail', text: 'We send it to the e-mail of your account.' },
  featureOnce: (minutes: number) => ({
    title: 'Safe by design',
    text: `The link works once, for ${minutes} minutes.`,
  }),
  featureSignOut: {
    title: 'Signed out everywhere',
    text: 'A new password signs your account out on every device.',
  },
  resetTitle: 'Set a New Password',
  resetSubtitle: 'Choose the password you will sign in with from now on.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  passwordsDiffer: 'The passwords do not match.',
  save: 'Save Password',
  saving: 'Saving...',
  linkInvalid: 'This reset link has expired or was already used. Ask for a new one.',
  linkIncomplete: 'This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.',
  askAgain: 'Ask for a new link',
  done: 'Your password has been reset. Sign in with your new password.',
  tooManyRequests: 'Too many reset requests. Please wait a while and try again.',
  mailSubject: 'Reset your Lootklip password',
  mailText: (link: string, minutes: number) =>
    [
      'Someone (we hope you) asked to reset the password of your Lootklip account.',
      '',
      `Open this link within ${minutes} minutes to choose a new password. It works once:`,
      link,
      '',
      'Setting a new password signs your account out on every device.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
} as const;

// What each identity provider error says to a person (docs/product.md "Error texts: Identity provider").
export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'The e-mail or password is incorrect.',
  'auth/user-not-found': 'The e-mail or password is incorrect.',
  'auth/email-already-in-use': 'An account with this e-mail already exists. Sign in instead.',
  'auth/username-already-in-use': 'This username is taken. Try another one.',
  'auth/weak-password': 'This password is too easy to guess. Choose a longer or less common one.',
  'auth/invalid-email': 'Enter a valid e-mail address.',
  'auth/invalid-argument': 'Some of the details are not valid. Check them and try again.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/invalid-auth-event': 'That sign-in attempt expired. Please try again.',
  'auth/account-exists-with-different-credential':
    'An account with this e-mail already exists. Sign in with your e-mail and password instead.',
  'auth/session-expired': 'Your session has ended. Please sign in again.',
  'auth/invalid-action-code': PASSWORD_RESET_MESSAGES.linkInvalid,
  'auth/cross-site-request': AUTH_MESSAGES.crossSiteRequest,
  'auth/invalid-api-key': 'Sign-in is not set up correctly right now. Please try again later.',
  'auth/auth-domain-config-required': 'Sign-in is not set up correctly right now. Please try again later.',
  'auth/internal-error': 'Something went wrong while signing in. Please try again.',
  'auth/invalid-verification-code': TWO_FACTOR_MESSAGES.wrongCode,
  'auth/code-expired': TWO_FACTOR_MESSAGES.challengeExpired,
};

// Creator hover card, a creator's product list and 'More from @{username}' (docs/product.md "Creator hover card",
// "Product detail", "Error texts: Contact and quote" and "Error texts: Product page").
export const CREATOR_MESSAGES = {
  profileUnavailable: 'User profile not available',
  profileLoadFailed: 'Profile information could not be loaded',
  viewProfile: 'View Profile',
  contact: 'Contact',
  contactSubject: 'Hello from Lootklip',
  moreFrom: (username: string) => `More from @${username}`,
  viewAll: 'View all',
  relatedEmpty: 'No other products available from this ShopStar',
  relatedError: 'Error loading related products',
  relatedLoadFailed: 'Failed to load related products',
  refreshPage: 'Refresh page',
  productCount: (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`,
} as const;

// Contact dialog 'Contact Shop Star' (docs/product.md "Contact dialog", "Error texts: Contact and quote"). The
// invalid-entry texts are in
// CATALOGUE_MESSAGES.
export const CONTACT_MESSAGES = {
  title: 'Contact Shop Star',
  subtitle: (product: string) => `Choose how you'd like to connect about "${product}".`,
  methodsHeading: 'Contact Methods',
  linksHeading: 'Buy on Other Platforms',
  linksAvailable: (count: number) => `${count} link(s) available`,
  emptyTitle: 'No Contact Methods Available',
  emptyBody: "The shop star hasn't provided any contact information yet.",
  whatsApp: 'WhatsApp',
  phone: 'Phone',
  email: 'Email',
  inquiry: (product: string, link: string) => `Hi! I'm interested in "${product}" on Lootklip: ${link}`,
  emailSubject: (product: string) => `Enquiry about "${product}" on Lootklip`,
  openingWhatsApp: 'Opening WhatsApp...',
  whatsAppUnavailable: 'Unable to open WhatsApp',
  whatsAppFailed: 'Failed to open WhatsApp. Please try again.',
  initiatingCall: 'Initiating call...',
  callFailed: 'Failed to initiate call. Please try again.',
  openingGmail: 'Opening Gmail...',
  gmailFailed: 'Failed to open Gmail. Please try again.',
  openingLink: (platform: string) => `Opening ${platform}...`,
  linkUnavailable: 'Unable to open link',
  linkFailed: 'Failed to open link. Please try again.',
  copyNumber: 'Copy Number',
  numberCopied: 'Phone number copied!',
  copyNumberFailed: 'Failed to copy text',
  copyLink: 'Copy Link',
  linkCopied: 'Link copied!',
  copyLinkFailed: 'Failed to copy link.',
  dialogFailed: 'Something went wrong. Please try again.',
} as const;

// Product form: the create and edit pages (docs/product.md "Route table"; "Product images" for the photos). The
// contact and link fields use CATALOGUE_MESSAGES, the product's own texts.
export const PRODUCT_FORM_MESSAGES = {
  name: (maxLength: number) => `Enter the product name, up to ${maxLength} characters.`,
  description: (maxLength: number) => `Keep the description to ${maxLength} characters or fewer.`,
  price: (max: string) => `Enter a price from ₹0 to ${max}.`,
  discount: (max: number) => `Enter a discount from 0 to ${max}%.`,
  category: 'Choose a category.',
  tags: (max: number, maxLength: number) => `Use up to ${max} tags of up to ${maxLength} characters each.`,
  tagTooLong: (maxLength: number) => `A tag can be up to ${maxLength} characters.`,
  tagsFull: (max: number) => `You can add up to ${max} tags.`,
  imageType: (name: string) => `"${name}" was not added: only JPEG, PNG, WebP or AVIF photos are accepted.`,
  imageHeic: (name: string) =>
    `"${name}" is a HEIC photo, which is not accepted. Use JPEG, PNG, WebP or AVIF: on an iPhone, set Settings > Camera > Formats to Most Compatible.`,
  imageTooBig: (name: string, maxMb: number) =>
    `"${name}" is larger than ${maxMb} MB and was not added. Choose a smaller photo.`,
  imagesFull: (max: number, skipped: number) =>
    `A product can have at most ${max} photos, so ${skipped} ${skipped === 1 ? 'photo was' : 'photos were'} not added.`,
  imagesNotUploaded: 'Some photos did not upload. Retry or remove them before saving.',
  // Ours (decision 0046): the contact section's error when no way to reach the seller is filled in.
  noContactMethod:
    'Add a WhatsApp number, phone number or email, or a store link below, so buyers can reach you.',
  created: 'Product published',
  updated: 'Product updated',
} as const;

/** Deleting a product: its owner's action on its page and on Edit Product (ours). */
export const PRODUCT_DELETE_MESSAGES = {
  action: 'Delete product',
  title: (name: string) => `Delete "${name}"?`,
  body: 'Its photos go with it, and shoppers will no longer find it. This cannot be undone.',
  keep: 'Keep product',
  confirm: 'Delete',
  deleting: 'Deleting...',
  deleted: 'Product deleted',
} as const;

/** Any form with unsaved changes, when the page is about to be left. */
export const UNSAVED_CHANGES_MESSAGES = {
  title: 'Leave without saving?',
  body: 'Your changes on this page will be lost.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

// Product gallery and full-screen viewer (docs/product.md "Product detail"); the counter and the hint are its own.
export const GALLERY_MESSAGES = {
  counter: (position: number, total: number) => `${position} / ${total}`,
  position: (position: number, total: number) => `Image ${position} of ${total}`,
  swipeHint: 'Swipe to navigate',
  region: (name: string) => `Photos of ${name}`,
  imageAlt: (name: string, position: number, total: number) => `${name}, image ${position} of ${total}`,
  previous: 'Previous image',
  next: 'Next image',
  showImage: (position: number) => `Show image ${position}`,
  openViewer: 'Open full-screen view',
  close: 'Close',
  imageUnavailable: 'Image unavailable',
} as const;

// Loot Box dialog's quote (docs/product.md "Quote form", "Quote text", "Error texts: Contact and quote"). The
// greeting, the line and field labels and `required` are ours; the rest are the spec's texts.
export const QUOTE_MESSAGES = {
  sameSeller: 'Please select products from the same seller',
  required: 'This field is required',
  greeting: 'Hello! I would like a quote for these products from Lootklip:',
  line: (index: number, name: string, quantity: number, unitPrice: string, lineTotal: string) =>
    `${index}. ${name} - Qty: ${quantity} x ${unitPrice} = ${lineTotal}`,
  totalValue: (total: string) => `Total Value: ${total}`,
  name: (value: string) => `Name: ${value}`,
  email: (value: string) => `Email: ${value}`,
  phone: (value: string) => `Phone: ${value}`,
  additionalInfo: (value: string) => `Additional Information: ${value}`,
  redirectingWhatsApp: 'Redirecting to WhatsApp to send quote request',
  openingGmail: 'Opening Gmail to send quote request',
  copied: 'Quote request copied to clipboard. Please contact the seller directly.',
  failed: 'Failed to send quote request.',
  // The quote form and the e-mail's subject (ours; the spec marks the required fields with *).
  subject: 'Quote request from Lootklip',
  nameLabel: 'Name *',
  emailLabel: 'Email *',
  phoneLabel: 'Phone *',
  additionalInfoLabel: 'Additional Information',
  send: 'Send Quote Request',
  back: 'Back',
} as const;

// The Loot Box (docs/product.md "Loot Box dropdown and dialog", "Error texts: Loot Box and cart", "Error texts:
// Sharing"). The spec's texts, except the server's refusals and the labels marked ours.
export const LOOTBOX_MESSAGES = {
  // Toasts (the spec's).
  addFailed: 'Failed to add to Loot Box. Please try again.',
  serverError: (message: string) => `Error: ${message}`,
  unableToAdd: 'Unable to add product to Loot Box',
  networkError: 'Network error: Unable to add product to Loot Box. Please try again.',
  // addFailedShort and addedToCart: the spec's texts for adding from a klip (docs/product.md "Add to Loot Box from a
  // klip").
  addFailedShort: 'Failed to add to Loot Box',
  addedFromKlip: 'Added to your Loot Box!',
  added: 'Added to your Loot Box',
  addedToCart: (name: string) => `${name} added to cart`,
  itemRemoved: 'Item removed from cart',
  cleared: 'Cart has been cleared',
  clearFailed: 'Error clearing cart. Please try again.',
  outsideProvider: 'useCart must be used within a CartProvider',
  shared: 'Lootbox shared successfully!',
  linkCopied: 'Lootbox link copied to clipboard!',
  shareFailed: 'Failed to share lootbox',
  copied: 'Copied to clipboard!',
  copyFailed: 'Failed to copy text',
  // Screens (the spec's, but `dialogEmpty`'s wording, `unavailable` and `sharedMissing`, which are ours).
  addToLoot: 'Add to Loot',
  empty: 'Your Loot Box is empty',
  fromKlip: 'Added from Klip',
  flickOut: 'Flick Out',
  total: 'Total',
  remove: 'Remove',
  dialogTitle: (count: number) => `Your Lootbox (${count} items)`,
  dialogEmpty: 'Your Lootbox is empty. Add some items to get started!',
  directConnect: 'Direct Connect',
  shareLootbox: 'Share Lootbox',
  requestQuote: 'Request Quote',
  share: 'Share',
  unavailable: 'No longer available',
  sharedMissing: (count: number) =>
    count === 1 ? '1 product is no longer available' : `${count} products are no longer available`,
  // The server's refusals (ours).
  badProductId: 'productId must be a product id (letters, digits, _ and -)',
  badQuantity: 'quantity must be a whole number from 1 to 999',
  tooManyItems: (max: number) => `A Loot Box holds at most ${max} items`,
  duplicateProduct: 'This product is already in the Loot Box',
  unknownProduct: (productId: string) => `No product ${productId}`,
  notFound: 'Lootbox not found',
  notYours: 'You can only save your own Loot Box',
  versionConflict: 'The Loot Box changed elsewhere; read it again and merge',
  activeExists: 'You already have an active Loot Box',
  badSharedIds: 'products must be product ids separated by commas',
  tooManySharedIds: (max: number) => `A shared Loot Box holds at most ${max} products`,
  tooManyRemoved: (max: number) => `A save carries at most ${max} removed products`,
  // The dialog's labels (ours).
  sellerHeading: (username: string) => `@${username}`,
  unknownSeller: 'Shop Star',
  quantity: 'Quantity',
  decreaseQuantity: (name: string) => `Decrease quantity of ${name}`,
  increaseQuantity: (name: string) => `Increase quantity of ${name}`,
  contactOptions: 'Contact options',
  loadingDetails: 'Loading seller details...',
  shareLinkLabel: 'Lootbox link',
  copyLink: 'Copy link',
  shareTitle: 'My Lootbox on Lootklip',
  summaryItems: 'Items',
  summaryTotal: 'Total Value',
  // The shared Loot Box page (ours: docs/product.md "Shared Loot Box").
  sharedTitle: 'Shared Loot Box',
  sharedSubtitle: (count: number) =>
    count === 1 ? '1 product shared with you' : `${count} products shared with you`,
  sharedEmpty: 'This Loot Box is empty',
  sharedEmptyBody: 'The link names no products. Browse the Shop for something you like.',
  sharedBadLink: 'This share link is broken',
  sharedBadLinkBody:
    'Part of it is not a product id, so it may have been cut or changed when it was copied. Ask the sender for a new link.',
  sharedTooMany: (max: number) => `This share link names more than ${max} products`,
  sharedTooManyBody: (max: number) =>
    `A shared Loot Box holds at most ${max} products. Ask the sender to share a smaller one.`,
  sharedNoneLeft: 'None of these products is available any more',
  sharedTotal: 'Total value',
  sharedTotalNote: "One of each, at today's prices and offers",
  addAll: 'Add all to my Loot Box',
  addedAll: (count: number) =>
    count === 0
      ? 'These are all in your Loot Box already'
      : count === 1
        ? '1 product added to your Loot Box'
        : `${count} products added to your Loot Box`,
  completed: 'This Loot Box was cleared; start a new one',
  badNextToken: 'nextToken: not a cursor this list gave out',
  // Screens (ours): the header's Loot Box, the dialog's close button, the shared page's buttons.
  lootBox: 'Loot Box',
  lootBoxWithCount: (count: number) => `Loot Box, ${count} ${count === 1 ? 'item' : 'items'}`,
  startShopping: 'Start Shopping',
  quantityShort: (quantity: number) => `Qty: ${quantity}`,
  close: 'Close',
  lootNow: 'Loot Now',
  lootNowFor: (name: string) => `Loot Now: ${name}`,
  browseShop: 'Browse the Shop',
  // The Share tab of a Loot Box larger than a share link holds (ours).
  shareLinkPartial: (shared: number, total: number) =>
    `This link shares the first ${shared} of your ${total} products: a share link holds at most ${shared}.`,
  // A product deleted before the Loot Box holding it was ever saved: taken out (ours).
  productGone: (name: string) => `${name} is no longer available and was taken out of your Loot Box`,
  // A merge of two copies that came to more than a Loot Box holds (ours).
  trimmedToMax: (max: number) =>
    `A Loot Box holds at most ${max} items, so the ones changed longest ago were left out.`,
} as const;

// Klip interactions (docs/product.md "Klip interactions API", "Error texts: Klips"): the spec's toasts, and the
// server's answers (ours where the spec shows none).
export const INTERACTION_MESSAGES = {
  likeFailed: 'Failed to update like',
  likeNetworkFailed: 'Network error: Failed to update like',
  commentsLoadFailed: 'Failed to load comments',
  commentsLoadNetworkFailed: 'Network error: Failed to load comments',
  commentPostFailed: 'Failed to post comment',
  commentPostNetworkFailed: 'Network error: Failed to post comment',
  replyPostFailed: 'Failed to post reply',
  commentDeleteFailed: 'Failed to delete comment',
  replyDeleteFailed: 'Failed to delete reply',
  commentDeleteNetworkFailed: 'Network error: Failed to delete comment',
  commentsUnavailable: 'Comment functionality is not available at the moment.',
  commentDeleted: 'Comment deleted',
  replyDeleted: 'Reply deleted',
  confirmDeleteComment: 'Are you sure you want to delete this comment?',
  confirmDeleteReply: 'Delete this reply?',
  // Ours.
  liked: 'Klip liked',
  unliked: 'Like removed',
  commentPosted: 'Comment posted',
  replyPosted: 'Reply posted',
  commentBlank: 'A comment cannot be blank',
  commentTooLong: (max: number) => `A comment can have at most ${max} characters`,
  commentNotFound: 'Comment not found',
  notYourComment: 'Only its author can delete this comment',
  extrasTooLarge: (max: number) => `extras can be at most ${max} bytes as JSON`,
  extrasTooManyKeys: (max: number) => `at most ${max} keys`,
  extraValueInvalid: (max: number) => `a text of at most ${max} characters, a number, true or false`,
  contentNotFound: (id: string) => `contentId: no product, klip or offer has the id ${id}`,
} as const;

// The klips screens (docs/product.md "Klips", "Error texts: Klips", "Error texts: Home and lists"): the spec's
// texts, except those marked ours.
export const KLIPS_MESSAGES = {
  title: 'Klips',
  tagline: 'Watch , Create , Share , Connect-Trend',
  searchPlaceholder: 'Search klips...',
  fetchFailed: 'Failed to fetch klips',
  klipFetchFailed: 'Failed to fetch klip',
  viewInTheater: 'View in theater mode',
  feedEnd: "You've seen all klips!",
  exploreMore: 'Explore More',
  productLoadFailed: 'Unable to load product',
  needsProduct: 'Please add a product to this klip',
  previewAddToLoot: 'Products can be added to your Loot Box when viewing published klips.',
  linkCopied: 'Link copied to clipboard!',
  linkCopyFailed: 'Failed to copy link.',
} as const;

// A creator's klips on their profile (ours: the spec names no texts for this section).
export const CREATOR_KLIPS_MESSAGES = {
  heading: 'Klips',
  showMore: 'Show more klips',
} as const;

// The klip player, theater and phone feed (ours: the spec names the shortcuts, not these labels).
export const KLIP_PLAYER_MESSAGES = {
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  previous: 'Previous klip',
  next: 'Next klip',
  close: 'Close',
  theater: 'Klip theater',
  feed: 'Klips feed',
  loading: 'Loading klips',
  more: 'more',
  less: 'less',
  showLess: 'show less',
  moreTags: (count: number) => `+${count} more`,
  tags: 'Tags',
  shortcutsTitle: 'Keyboard shortcuts',
  shortcutsHint: 'Press ? for shortcuts',
  shortcuts: [
    { keys: '↑  ←  K', action: 'Previous klip' },
    { keys: '↓  →  J', action: 'Next klip' },
    { keys: 'Esc', action: 'Close' },
    { keys: '?', action: 'Show or hide this help' },
  ],
} as const;

// Klips on the server (ours: the spec names no texts for these refusals). Each names the field it is about.
export const KLIP_MESSAGES = {
  productNotYours: 'productId: choose one of your own products',
  videoNotYours: 'videoId: upload a video first; this is not one of your videos',
  videoNotVideo: 'videoId: this upload is an image, not a video',
  videoFailed: (reason: string) => `videoId: this video could not be processed (${reason}); upload it again`,
  posterNotYours: 'posterId: upload the poster image first; this is not one of your images',
  notFound: 'Klip not found',
  retryActive: 'This klip is active already: there is nothing to retry',
  retryNeedsUpload: 'The original video is gone; upload the video again and edit the klip',
} as const;

// The like, comment, share column and the product card on a klip (decision 0041; docs/product.md "Klips", "Klip
// interaction", "Comments"): the labels, ours (the spec's toasts are INTERACTION_MESSAGES and KLIPS_MESSAGES).
export const KLIP_SOCIAL_MESSAGES = {
  like: 'Like',
  likeCount: (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`,
  comments: 'Comments',
  commentCount: (count: number) => `${count} ${count === 1 ? 'comment' : 'comments'}`,
  share: 'Share',
  // The Share button's name while it shows `Copied`: its name contains the words it shows (docs/product.md
  // "Accessibility").
  shareCopied: 'Share, link copied',
  copyLink: 'Copy link',
  copied: 'Copied',
  shareWhatsApp: 'WhatsApp',
  shareX: 'X',
  shareFacebook: 'Facebook',
  shareMore: 'More options...',
  sortLabel: 'Sort comments',
  newest: 'Newest',
  oldest: 'Oldest',
  loadMore: 'Load more',
  noComments: 'No comments yet. Be the first!',
  viewReplies: (count: number) => `View ${count} ${count === 1 ? 'reply' : 'replies'}`,
  hideReplies: 'Hide replies',
  reply: 'Reply',
  replyingTo: (name: string) => `Replying to @${name}`,
  cancelReply: 'Cancel reply',
  placeholder: 'Add a comment...',
  replyPlaceholder: 'Add a reply...',
  send: 'Send',
  signInToComment: 'Sign in to comment',
  previewComments: 'Comments open once the klip is published.',
  commentOptions: 'Comment options',
  delete: 'Delete',
  cancel: 'Cancel',
  posting: 'Posting...',
  addToLootFor: (name: string) => `Add ${name} to your Loot Box`,
  // Ours, after the spec's 'Failed to share product': the phone's share sheet failed.
  shareFailed: 'Failed to share klip',
} as const;

// The klip form: create and edit pages (ours: the spec names no texts for these). The limits follow
// docs/product.md "Klip video upload"; each refusal names the file and the problem.
export const KLIP_FORM_MESSAGES = {
  limits: (maxMb: number, maxMinutes: number) =>
    `MP4, MOV or WebM, at most ${maxMb} MB and ${maxMinutes} minutes`,
  shape: 'Vertical (9:16) looks best in the klips feed',
  videoType: (name: string) => `"${name}" is not a video we accept. Choose an MP4, MOV or WebM file.`,
  videoEmpty: (name: string) => `"${name}" is empty. Choose another video.`,
  videoTooBig: (name: string, maxMb: number) =>
    `"${name}" is larger than ${maxMb} MB. Choose a shorter video, or export it at a lower quality.`,
  videoTooLong: (name: string, maxMinutes: number) =>
    `"${name}" is longer than ${maxMinutes} minutes. Trim it to ${maxMinutes} minutes or less.`,
  uploadFailed: (reason: string) => `The video did not upload: ${reason}`,
  uploadCancelled: 'Upload cancelled. Choose a video to start again.',
  uploadPending: 'Wait until the video has uploaded.',
  videoRequired: 'Choose a video for your klip.',
  posterHint: 'Move the slider to the frame you want, then use it as the poster.',
  posterAuto: 'If you do not pick a frame, we take one from the video.',
  posterSaved: 'Poster frame saved',
  posterFailed: (reason: string) => `The poster frame did not upload: ${reason}`,
  noPreview:
    'This browser cannot play this video, so there is no preview or frame picker. It uploads all the same, and we take the poster from the video.',
  created: 'Klip published. It is processing now.',
  updated: 'Klip updated',
  deleteAction: 'Delete Klip',
  deleteTitle: (title: string) => `Delete “${title}”?`,
  deleteDescription: 'The klip, its video, likes and comments will be removed. This cannot be undone.',
  deleteKeep: 'Keep klip',
  deleted: 'Klip deleted',
  // The owner's controls on their klip's card, in the theater and in the phone feed.
  edit: 'Edit',
  editLabel: (title: string) => `Edit klip ${title}`,
  deleteShort: 'Delete',
  deleteLabel: (title: string) => `Delete klip ${title}`,
  manage: 'Manage',
  manageLabel: 'Edit or delete your klip',
  processing: 'Processing your klip…',
  processingHint: 'This page updates by itself when it is ready.',
  active: 'Your klip is live',
  failed: 'This klip could not be processed',
  retried: 'Processing your klip again',
  reupload: 'The original video is gone. Upload it again to retry.',
} as const;

// First-party analytics: the events endpoint's refusals (decision 0064).
export const ANALYTICS_MESSAGES = {
  batchTooLarge: (limit: string) => `The event batch is too large. The limit is ${limit}.`,
  unsupportedContentType: 'Send the event batch as application/json or text/plain.',
  unreadableBatch: 'The event batch is not valid JSON.',
} as const;

// The seller's dashboard API (docs/product.md "Dashboard"; decision 0065).
export const DASHBOARD_MESSAGES = {
  keyNeedsSection: 'lastEvaluatedKey: name the list it continues with section (products, klips or offers)',
} as const;
