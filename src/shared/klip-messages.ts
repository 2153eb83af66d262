// Klips: the screens, a creator's klips, the player and the server's refusals (docs/product.md "Klips").

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
