// The texts the app's shell draws (main.tsx, app/*.tsx, the layouts, lib/): every page's first chunk carries this
// file, so it holds only these; each feature's texts are in its own messages module (as decisions 0066
// and 0067 did for consent and the dashboard).

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

// What each identity provider error says to a person (docs/product.md "Error texts: Identity provider"). Four are
// also a screen's own text ('This reset link has expired or was already used. Ask for a new one.', 'This request came from another site. Open Lootklip itself to continue.', TWO_FACTOR_MESSAGES'
// wrongCode and challengeExpired), written out here so that the shell does not carry those modules;
// shell-messages.test.ts keeps each pair the same.
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
  'auth/invalid-action-code': 'This reset link has expired or was already used. Ask for a new one.',
  'auth/cross-site-request': 'This request came from another site. Open Lootklip itself to continue.',
  'auth/invalid-api-key': 'Sign-in is not set up correctly right now. Please try again later.',
  'auth/auth-domain-config-required': 'Sign-in is not set up correctly right now. Please try again later.',
  'auth/internal-error': 'Something went wrong while signing in. Please try again.',
  'auth/invalid-verification-code':
    'That code is not right or was already used. Try the current code from your authenticator app, or an unused recovery code.',
  'auth/code-expired': 'Signing in took too long. Enter your e-mail and password again.',
};

// The Loot Box toasts of the cart, which the shell holds (docs/product.md "Error texts: Loot Box and cart"), and the
// error of a cart hook used outside it. LOOTBOX_MESSAGES names them too, for the screens that show them.
export const CART_MESSAGES = {
  addFailed: 'Failed to add to Loot Box. Please try again.',
  serverError: (message: string) => `Error: ${message}`,
  unableToAdd: 'Unable to add product to Loot Box',
  networkError: 'Network error: Unable to add product to Loot Box. Please try again.',
  addedFromKlip: 'Added to your Loot Box!',
  added: 'Added to your Loot Box',
  cleared: 'Cart has been cleared',
  clearFailed: 'Error clearing cart. Please try again.',
  outsideProvider: 'useCart must be used within a CartProvider',
} as const;
