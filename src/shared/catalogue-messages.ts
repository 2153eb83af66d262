// The catalogue's texts: products in lists and on their page, their contact details and links (docs/product.md
// "Validation rules" and "Error texts").

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
