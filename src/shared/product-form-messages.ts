// Creating, editing and deleting a product (docs/product.md "Route table"), and leaving a form unsaved.

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
