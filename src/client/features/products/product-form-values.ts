// What the create and edit forms hold while a seller types (text, as typed), and how it becomes the body that
// ProductInputSchema checks. Error keys are the names of the form's inputs.
import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_DISCOUNT_MAX,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_MAX,
  PRODUCT_TAG_MAX_LENGTH,
  PRODUCT_TAGS_MAX,
} from '../../../shared/constants.ts';
import {
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
import { PRODUCT_FORM_MESSAGES } from '../../../shared/messages.ts';
import { findNestedFieldErrors, type FieldErrors } from '../../lib/field-errors.ts';

export type StoreLinkRow = { key: string; url: string };

export type ProductFormValues = {
  name: string;
  description: string;
  price: string;
  discount: string;
  category: Category | '';
  subcategory: string;
  tags: string[];
  whatsapp: string;
  phone: string;
  email: string;
  links: StoreLinkRow[];
};

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  discount: '',
  category: '',
  subcategory: '',
  tags: [],
  whatsapp: '',
  phone: '',
  email: '',
  links: [],
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

let linkRowCount = 0;

export function createStoreLinkRow(url = ''): StoreLinkRow {
  linkRowCount += 1;
  return { key: `link-${linkRowCount}`, url };
}

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
    whatsapp: contactInfo.whatsapp,
    phone: contactInfo.phone,
    email: contactInfo.email,
    links: externalLinks.map((link) => createStoreLinkRow(link.url)),
  };
}

/** A typed amount: '1,299' and '₹ 1299' read as 1299; nothing typed reads as NaN, which the schema refuses. */
export function parseAmount(text: string): number {
  const plain = text.replace(/[\s,₹%]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
}

/** Blank store-link rows are left out: a row added and never filled in is not a mistake worth a message. */
function findFilledLinks(values: ProductFormValues): { row: number; url: string }[] {
  return values.links.map((link, row) => ({ row, url: link.url })).filter((link) => link.url.trim() !== '');
}

export function toProductInput(values: ProductFormValues, imageIds: string[]): ProductInput {
  return {
    name: values.name,
    description: values.description,
    price: parseAmount(values.price),
    discount: values.discount.trim() === '' ? 0 : parseAmount(values.discount),
    category: values.category ? formatCategory(values.category, values.subcategory || null) : '',
    tags: values.tags,
    contactInfo: { whatsapp: values.whatsapp, phone: values.phone, email: values.email },
    externalLinks: findFilledLinks(values).map(({ url }) => ({ url })),
    images: imageIds,
  };
}

export type ProductFormCheck =
  { success: true; data: ProductData } | { success: false; errors: FieldErrors<string> };

/** Checks the form with the server's own schema; a store link's error is keyed by its row on the page. */
export function checkProductForm(values: ProductFormValues, imageIds: string[]): ProductFormCheck {
  const parsed = ProductInputSchema.safeParse(toProductInput(values, imageIds));
  if (parsed.success) return { success: true, data: parsed.data };
  const filled = findFilledLinks(values);
  const errors: FieldErrors<string> = {};
  for (const [key, message] of Object.entries(findNestedFieldErrors(parsed.error, FIELD_MESSAGES))) {
    const link = /^externalLinks\.(\d+)\.url$/.exec(key);
    errors[link ? `externalLinks.${filled[Number(link[1])]?.row}.url` : key] = message;
  }
  return { success: false, errors };
}
