// What the create and edit forms hold while a seller types (text, as typed), and the form's resolver: the typed
// text becomes the body that ProductInputSchema, the server's own schema, checks, and its errors come back keyed
// by the names of the form's inputs.
import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_DISCOUNT_MAX,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_MAX,
  PRODUCT_TAG_MAX_LENGTH,
  PRODUCT_TAGS_MAX,
} from '../../../shared/constants.ts';
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, Resolver } from 'react-hook-form';
import {
  hasContactMethod,
  ProductInputSchema,
  type ProductData,
  type ProductDetail,
  type ProductInput,
} from '../../../shared/contracts/products.ts';
import {
  formatCategory,
  isCategory,
  splitCategory,
  type Category,
} from '../../../shared/domain/categories.ts';
import { formatPrice, rupeesToPaise } from '../../../shared/domain/pricing.ts';
import { PRODUCT_FORM_MESSAGES } from '../../../shared/product-form-messages.ts';
import { flattenFieldErrors } from '../../lib/field-errors.ts';

/** A store-link row; react-hook-form's field array gives each its own key. */
export type StoreLinkRow = { url: string };

export type ProductFormValues = {
  name: string;
  description: string;
  price: string;
  discount: string;
  category: Category | '';
  subcategory: string;
  tags: string[];
  /** Named as in the schema, so that each input's name is its error's key ('contactInfo.email'). */
  contactInfo: { whatsapp: string; phone: string; email: string };
  externalLinks: StoreLinkRow[];
};

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  discount: '',
  category: '',
  subcategory: '',
  tags: [],
  contactInfo: { whatsapp: '', phone: '', email: '' },
  externalLinks: [],
};

/** The form's words for its top-level fields; contact and link fields keep the schema's (the spec's) texts. */
const FIELD_MESSAGES: Partial<Record<keyof ProductInput, string>> = {
  name: PRODUCT_FORM_MESSAGES.name(PRODUCT_NAME_MAX_LENGTH),
  description: PRODUCT_FORM_MESSAGES.description(PRODUCT_DESCRIPTION_MAX_LENGTH),
  price: PRODUCT_FORM_MESSAGES.price(formatPrice(rupeesToPaise(PRODUCT_PRICE_MAX))),
  discount: PRODUCT_FORM_MESSAGES.discount(PRODUCT_DISCOUNT_MAX),
  category: PRODUCT_FORM_MESSAGES.category,
  tags: PRODUCT_FORM_MESSAGES.tags(PRODUCT_TAGS_MAX, PRODUCT_TAG_MAX_LENGTH),
};

export function toProductFormValues(product: ProductDetail): ProductFormValues {
  const { category, subcategory } = splitCategory(product.category);
  const { contactInfo, externalLinks } = product.metadata;
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    discount: product.discount ? String(product.discount) : '',
    category: isCategory(category) ? category : '',
    subcategory: subcategory ?? '',
    tags: product.tags,
    contactInfo: { whatsapp: contactInfo.whatsapp, phone: contactInfo.phone, email: contactInfo.email },
    externalLinks: externalLinks.map((link) => ({ url: link.url })),
  };
}

/** A typed amount: '1,299' and '₹ 1299' read as 1299; nothing typed reads as NaN, which the schema refuses. */
export function parseAmount(text: string): number {
  const plain = text.replace(/[\s,₹%]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
}

/** Blank store-link rows are left out: a row added and never filled in is not a mistake worth a message. */
function findFilledLinks(values: ProductFormValues): { row: number; url: string }[] {
  return values.externalLinks
    .map((link, row) => ({ row, url: link.url }))
    .filter((link) => link.url.trim() !== '');
}

export function toProductInput(values: ProductFormValues, imageIds: string[]): ProductInput {
  return {
    name: values.name,
    description: values.description,
    price: parseAmount(values.price),
    discount: values.discount.trim() === '' ? 0 : parseAmount(values.discount),
    category: values.category ? formatCategory(values.category, values.subcategory || null) : '',
    tags: values.tags,
    contactInfo: values.contactInfo,
    externalLinks: findFilledLinks(values).map(({ url }) => ({ url })),
    images: imageIds,
  };
}

/** What the resolver needs beyond the typed fields: the photos, which upload on their own. */
export type ProductFormContext = { imageIds: string[]; hasFailedImages: boolean };

/** Photos are not a field of the form, so their error is a form-level one that the photo picker shows. */
export const IMAGES_ERROR = 'root.images';

/**
 * No way to reach the seller (decision 0046): an error of the whole contact section, keyed by the section's name,
 * which the section shows above its fields. Its type tells it from an error of one of its fields.
 */
export const CONTACT_ERROR = 'contactInfo';
export const CONTACT_ERROR_TYPE = 'contact';

const resolveProductInput = zodResolver(ProductInputSchema, undefined, { mode: 'sync' });

/**
 * The product form's react-hook-form resolver. ProductInputSchema decides; top-level fields get the form's own
 * sentence, whatever inside them is wrong ('tags'); contact and link fields keep the schema's messages, which
 * are the spec's texts; a store link's error is keyed by its row on the page, blank rows being left out of the
 * body; a photo that did not upload stops the save too, and so does a product no buyer could reach (decision 0046),
 * an error of the contact section.
 */
export const resolveProductForm: Resolver<ProductFormValues, ProductFormContext, ProductData> = async (
  values,
  context,
  options,
) => {
  const input = toProductInput(values, context?.imageIds ?? []);
  const checked = await resolveProductInput(input, undefined, {
    criteriaMode: 'firstError',
    fields: {},
    shouldUseNativeValidation: false,
  });
  const filled = findFilledLinks(values);
  const errors: Record<string, FieldError> = {};
  // Said with the other fields' errors, in the form's words: the schema checks it only once they are all valid.
  if (!hasContactMethod(input)) {
    errors[CONTACT_ERROR] = { type: CONTACT_ERROR_TYPE, message: PRODUCT_FORM_MESSAGES.noContactMethod };
  }
  for (const [path, message] of Object.entries(flattenFieldErrors(checked.errors))) {
    const top = path.split('.')[0] as keyof ProductInput;
    const own = FIELD_MESSAGES[top];
    const link = /^externalLinks\.(\d+)\.url$/.exec(path);
    let name = path;
    if (own) name = top;
    else if (link) name = `externalLinks.${filled[Number(link[1])]?.row}.url`;
    else if (top === 'images') name = IMAGES_ERROR;
    errors[name] ??= { type: 'schema', message: own ?? message ?? '' };
  }
  if (context?.hasFailedImages) {
    errors[IMAGES_ERROR] ??= { type: 'upload', message: PRODUCT_FORM_MESSAGES.imagesNotUploaded };
  }
  if (Object.keys(errors).length === 0) return { values: checked.values as ProductData, errors: {} };
  return { values: {}, errors: toNestErrors(errors, options) };
};
