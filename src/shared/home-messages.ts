// The home page's texts (docs/product.md "Home").

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
