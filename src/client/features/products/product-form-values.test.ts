import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_DISCOUNT_MAX,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_TAG_MAX_LENGTH,
  PRODUCT_TAGS_MAX,
} from '../../../shared/constants.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { PRODUCT_FORM_MESSAGES } from '../../../shared/product-form-messages.ts';
import { flattenFieldErrors } from '../../lib/field-errors.ts';
import {
  EMPTY_PRODUCT_FORM,
  resolveProductForm,
  type ProductFormContext,
  type ProductFormValues,
} from './product-form-values.ts';

const OPTIONS: ResolverOptions<ProductFormValues> = { fields: {}, shouldUseNativeValidation: false };
const NO_PHOTOS: ProductFormContext = { imageIds: [], hasFailedImages: false };

const FILLED: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: '  Brass Diya ',
  price: '₹ 1,299',
  discount: '',
  category: 'Home',
  subcategory: 'Decor',
  tags: ['brass'],
  contactInfo: { whatsapp: '98765 43210', phone: '', email: '' },
  externalLinks: [{ url: '' }, { url: ' https://www.amazon.in/dp/B0 ' }],
};

async function findErrors(values: ProductFormValues, context = NO_PHOTOS) {
  const result = await resolveProductForm(values, context, OPTIONS);
  return flattenFieldErrors(result.errors as FieldErrors);
}

describe('resolveProductForm', () => {
  it('gives the body the server parses from what the seller typed, leaving blank link rows out', async () => {
    const result = await resolveProductForm(FILLED, { imageIds: ['img-a'], hasFailedImages: false }, OPTIONS);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: 'Brass Diya',
      description: '',
      price: 1299,
      discount: 0,
      category: 'Home - Decor',
      tags: ['brass'],
      contactInfo: { whatsapp: '9876543210', phone: '', email: '' },
      externalLinks: [{ url: 'https://www.amazon.in/dp/B0' }],
      images: ['img-a'],
    });
  });

  it("says what is wrong by input name: the form's sentences for its own fields, the schema's for the rest", async () => {
    const errors = await findErrors({
      ...EMPTY_PRODUCT_FORM,
      price: '-5',
      discount: '101',
      contactInfo: { whatsapp: '12345', phone: '', email: 'asha@' },
      // The bad link is the schema's first link but the form's third row.
      externalLinks: [{ url: ' ' }, { url: '' }, { url: 'javascript:alert(1)' }, { url: 'https://a.in' }],
    });
    expect(errors).toEqual({
      name: PRODUCT_FORM_MESSAGES.name(PRODUCT_NAME_MAX_LENGTH),
      price: 'Enter a price from ₹0 to ₹1,00,00,000.',
      discount: PRODUCT_FORM_MESSAGES.discount(PRODUCT_DISCOUNT_MAX),
      category: PRODUCT_FORM_MESSAGES.category,
      'contactInfo.whatsapp': CATALOGUE_MESSAGES.invalidWhatsApp,
      'contactInfo.email': CATALOGUE_MESSAGES.invalidEmail,
      'externalLinks.2.url': CATALOGUE_MESSAGES.invalidLink,
    });
  });

  it('gives a field one sentence however many of its parts are wrong', async () => {
    const errors = await findErrors({ ...FILLED, tags: ['x'.repeat(PRODUCT_TAG_MAX_LENGTH + 1), ' ', 'ok'] });
    expect(errors).toEqual({ tags: PRODUCT_FORM_MESSAGES.tags(PRODUCT_TAGS_MAX, PRODUCT_TAG_MAX_LENGTH) });
  });

  it('refuses a save while a photo has not uploaded, and too many photos, as the photos’ error', async () => {
    expect(await findErrors(FILLED, { imageIds: [], hasFailedImages: true })).toEqual({
      'root.images': PRODUCT_FORM_MESSAGES.imagesNotUploaded,
    });
    const tooMany = Array.from({ length: MAX_PRODUCT_IMAGES + 1 }, (_, index) => `img-${index}`);
    expect(await findErrors(FILLED, { imageIds: tooMany, hasFailedImages: false })).toEqual({
      'root.images': CATALOGUE_MESSAGES.tooManyImages(MAX_PRODUCT_IMAGES),
    });
  });
});
