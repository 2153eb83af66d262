// Every visible text of the specification that both sides or several screens use, written exactly as the spec
// gives it. Functions build the texts that carry a value.

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
  mediaNotFound: 'Media not found.',
  rangeNotSatisfiable: 'The requested range is not satisfiable.',
  validation: (field: string, problem: string) => `${field}: ${problem}`,
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
  lootBoxEmpty: 'Your Loot Box is empty',
  productsEmpty: 'No products found',
  klipsEmpty: 'No klips found',
  hotDealsEmpty: 'No special deals right now, but check back soon!',
  newArrivalsEmpty: 'Fresh items arriving soon. Stay tuned!',
  productUnavailable: 'Product information not available',
} as const;

// Catalogue: products, their contact details and links (spec §5 and §8).
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
  tooManyImages: (max: number) => `A product can have at most ${max} images.`,
} as const;

// Identity provider answers (ARCHITECTURE.md §7); the code travels with each in the error body.
export const AUTH_MESSAGES = {
  wrongCredentials: 'The e-mail or password is incorrect.',
  emailInUse: 'An account with this e-mail already exists. Sign in instead.',
  usernameInUse: 'This username is taken. Try another one.',
  weakPassword: 'This password is too common. Choose one that is harder to guess.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
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

// User calls (spec §5 "User calls").
export const USER_MESSAGES = {
  userIdRequired: 'User ID is required',
  usernameRequired: 'Username is required',
  userNotFound: 'User not found',
} as const;

// What each identity provider error says to a person (ARCHITECTURE.md §7; spec §8 "Identity provider errors").
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
  'auth/invalid-api-key': 'Sign-in is not set up correctly right now. Please try again later.',
  'auth/auth-domain-config-required': 'Sign-in is not set up correctly right now. Please try again later.',
  'auth/internal-error': 'Something went wrong while signing in. Please try again.',
};
