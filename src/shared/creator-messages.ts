// Creators and users: the hover card, a creator's products and the user calls (docs/product.md "Creator hover
// card", "User calls").

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

// User calls (docs/product.md "User calls").
export const USER_MESSAGES = {
  userIdRequired: 'User ID is required',
  usernameRequired: 'Username is required',
  userNotFound: 'User not found',
  // Ours: the way on from 'User not found'.
  backToShop: 'Back to Shop',
  imageUnavailable: (field: string) => `${field}: this image is no longer available. Upload it again.`,
} as const;
