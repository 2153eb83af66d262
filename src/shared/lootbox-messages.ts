// The Loot Box and its quote (docs/product.md "Loot Box dropdown and dialog", "Quote form"); the toasts the
// shell's cart shows are CART_MESSAGES in shell-messages.ts.
import { ADD_TO_LOOT_MESSAGES } from './add-to-loot-messages.ts';
import { CART_MESSAGES } from './shell-messages.ts';

// The Loot Box (docs/product.md "Loot Box dropdown and dialog", "Error texts: Loot Box and cart", "Error texts:
// Sharing"). The spec's texts, except the server's refusals and the labels marked ours.
export const LOOTBOX_MESSAGES = {
  // Toasts (the spec's).
  addFailed: CART_MESSAGES.addFailed,
  serverError: CART_MESSAGES.serverError,
  unableToAdd: CART_MESSAGES.unableToAdd,
  networkError: CART_MESSAGES.networkError,
  // addFailedShort and addedToCart: the spec's texts for adding from a klip (docs/product.md "Add to Loot Box from a
  // klip").
  addFailedShort: ADD_TO_LOOT_MESSAGES.addFailedShort,
  addedFromKlip: CART_MESSAGES.addedFromKlip,
  added: CART_MESSAGES.added,
  addedToCart: (name: string) => `${name} added to cart`,
  itemRemoved: 'Item removed from cart',
  cleared: CART_MESSAGES.cleared,
  clearFailed: CART_MESSAGES.clearFailed,
  outsideProvider: CART_MESSAGES.outsideProvider,
  shared: 'Lootbox shared successfully!',
  linkCopied: 'Lootbox link copied to clipboard!',
  shareFailed: 'Failed to share lootbox',
  copied: 'Copied to clipboard!',
  copyFailed: 'Failed to copy text',
  // Screens (the spec's, but `dialogEmpty`'s wording, `unavailable` and `sharedMissing`, which are ours).
  addToLoot: ADD_TO_LOOT_MESSAGES.addToLoot,
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
