// What the create and edit offer forms hold while a seller types (text, as typed; dates as the browser's
// datetime-local inputs have them, in the seller's own time zone), and the form's resolver: the typed values become
// the body that OfferInputSchema, the server's own schema, checks (docs/decisions/0029), and its errors come back
// keyed by the names of the form's inputs.
import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, Resolver } from 'react-hook-form';
import { OFFER_DEFAULT_DURATION_MS } from '../../../shared/constants.ts';
import {
  OfferInputSchema,
  UpdateOfferBodySchema,
  type Offer,
  type OfferData,
  type OfferInput,
  type UpdateOfferBody,
} from '../../../shared/contracts/offers.ts';
import {
  readDiscountType,
  readNumber,
  type OfferDiscountType,
  type OfferTerms,
} from '../../../shared/domain/offers.ts';
import { flattenFieldErrors } from '../../lib/field-errors.ts';

/** A term row; react-hook-form's field array gives each its own key. */
export type TermRow = { text: string };

export type OfferFormValues = {
  title: string;
  description: string;
  discountType: OfferDiscountType;
  discountValue: string;
  minPurchase: string;
  /** Blank: no cap. */
  maxDiscount: string;
  /** 'YYYY-MM-DDTHH:mm' in the browser's time zone, as a datetime-local input holds it. */
  startDate: string;
  endDate: string;
  terms: TermRow[];
  /** The chosen products' ids, in the order they were chosen. */
  products: string[];
};

/** The form's fields that take a text or number, named as in OfferInput: where the server's 400s land. */
export const OFFER_TEXT_FIELDS = [
  'title',
  'description',
  'discountValue',
  'minPurchase',
  'maxDiscount',
  'startDate',
  'endDate',
] as const;
export type OfferTextField = (typeof OFFER_TEXT_FIELDS)[number];

/** A time as a datetime-local input shows it: the browser's own time zone, to the minute. */
export function toLocalInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local text as an ISO time: the text has no zone, so it is read in the browser's own one (which is the
 * seller's); blank or unreadable gives undefined, and the server then uses its defaults (docs/product.md "Offer
 * creation").
 */
export function fromLocalInput(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hours, minutes);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A new offer runs from now for OFFER_DEFAULT_DURATION_DAYS days unless the seller says otherwise. */
export function createEmptyOfferForm(now: Date): OfferFormValues {
  return {
    title: '',
    description: '',
    discountType: 'percentage',
    discountValue: '',
    minPurchase: '',
    maxDiscount: '',
    startDate: toLocalInput(now),
    endDate: toLocalInput(new Date(now.getTime() + OFFER_DEFAULT_DURATION_MS)),
    terms: [],
    products: [],
  };
}

const amountText = (value: number) => (value ? String(value) : '');

export function toOfferFormValues(offer: Offer): OfferFormValues {
  return {
    title: offer.title,
    description: offer.description,
    discountType: offer.discountType,
    discountValue: String(offer.discountValue),
    minPurchase: amountText(offer.minPurchase),
    maxDiscount: amountText(offer.maxDiscount ?? 0),
    startDate: toLocalInput(new Date(offer.startDate)),
    endDate: toLocalInput(new Date(offer.endDate)),
    terms: offer.terms.map((text) => ({ text })),
    products: offer.products,
  };
}

/** A typed amount: '1,299' and '₹ 1299' read as 1299; nothing typed reads as NaN, which the schema refuses. */
export function parseAmount(text: string): number {
  const plain = text.replace(/[\s,₹%]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
}

/** An optional amount: blank is 0 (none). */
function parseOptionalAmount(text: string): number {
  return text.trim() === '' ? 0 : parseAmount(text);
}

/**
 * A typed amount raised to at least 0, as the schema does (docs/product.md "Offer creation": numeric fields are
 * raised to at least 0); what does not read as a number is left as typed, for the schema to refuse.
 */
export function clampAmountText(text: string): string {
  const amount = readNumber(text.replace(/[\s,₹%]/g, ''));
  return amount !== undefined && amount < 0 ? '0' : text;
}

export function toOfferInput(values: OfferFormValues): OfferInput {
  return {
    title: values.title,
    description: values.description,
    discountType: values.discountType,
    discountValue: parseAmount(values.discountValue),
    minPurchase: parseOptionalAmount(values.minPurchase),
    maxDiscount: values.maxDiscount.trim() === '' ? null : parseAmount(values.maxDiscount),
    startDate: fromLocalInput(values.startDate),
    endDate: fromLocalInput(values.endDate),
    products: values.products,
    terms: values.terms.map((term) => term.text),
  };
}

/**
 * The discount as the price engine takes it, from what is typed so far, for the picker's prices and the preview:
 * what does not read yet counts as 0 (no discount, no minimum, no cap).
 */
export function toOfferTerms(
  values: Pick<OfferFormValues, 'discountType' | 'discountValue' | 'minPurchase' | 'maxDiscount'>,
): OfferTerms {
  const read = (text: string) => {
    const amount = parseAmount(text);
    return Number.isFinite(amount) ? Math.max(0, amount) : 0;
  };
  return {
    discountType: values.discountType,
    discountValue: read(values.discountValue),
    minPurchase: read(values.minPurchase),
    maxDiscount: read(values.maxDiscount) || null,
  };
}

/**
 * What an edit changed, as PATCH /api/v1/offers/{id} takes it: only the fields whose checked value differs from the
 * offer as loaded (so an untouched date is not moved to the minute the form shows).
 */
export function findChangedFields(initial: OfferFormValues, data: OfferData): UpdateOfferBody {
  const before = OfferInputSchema.safeParse(toOfferInput(initial));
  if (!before.success) return data;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const old = (before.data as Record<string, unknown>)[key];
    if (JSON.stringify(old) !== JSON.stringify(value)) changed[key] = value;
  }
  return changed as UpdateOfferBody;
}

/**
 * Where an error of the schema's or the server's shows, by its path: a top-level field at its input, a term at its
 * row ('terms.2' -> 'terms.2.text'), anything else at the products picker or the form as a whole.
 */
export function toFormErrorName(path: string): string | undefined {
  const [top, index] = path.split('.');
  if ((OFFER_TEXT_FIELDS as readonly string[]).includes(top ?? '')) return top;
  if (top === 'discountType' || top === 'products') return top;
  if (top === 'terms') return index === undefined ? 'terms' : `terms.${index}.text`;
  return undefined;
}

/**
 * A server 400 (`metadata.title: Offer title is required` for a create, `title: ...` for a PATCH; see
 * src/server/http/validation.ts) as the form field it names and what is wrong with it; undefined for anything else.
 * A term's index on the server counts the cleaned list, so a term's error names the terms as a whole.
 */
export function readServerFieldError(message: string): { name: string; message: string } | undefined {
  const match = /^([\w.]+): (.+)$/s.exec(message);
  if (!match) return undefined;
  const path = (match[1] ?? '').replace(/^metadata\.(metadata\.)?/, '');
  const name = path.startsWith('terms') ? 'terms' : toFormErrorName(path);
  return name ? { name, message: match[2] ?? message } : undefined;
}

/**
 * The schema's checks across fields (a percentage above 100, a start after the end), which zod runs only once every
 * field is valid: asked of each pair alone, through the PATCH schema (the same checks), so that one submit names
 * every problem.
 */
function findAcrossFieldIssues(input: OfferInput) {
  const pairs: UpdateOfferBody[] = [
    // The form's type is always one of the two; read as the create rule reads it (docs/product.md "Offer creation").
    { discountType: readDiscountType(input.discountType), discountValue: input.discountValue },
    { startDate: input.startDate, endDate: input.endDate },
  ];
  return pairs.flatMap((pair) => UpdateOfferBodySchema.safeParse(pair).error?.issues ?? []);
}

const resolveOfferInput = zodResolver(OfferInputSchema, undefined, { mode: 'sync' });

/**
 * The offer form's react-hook-form resolver: OfferInputSchema decides, with its own messages (the spec's texts),
 * each shown at the input it is about.
 */
export const resolveOfferForm: Resolver<OfferFormValues, unknown, OfferData> = async (
  values,
  _context,
  options,
) => {
  const checked = await resolveOfferInput(toOfferInput(values), undefined, {
    criteriaMode: 'firstError',
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors: Record<string, FieldError> = {};
  for (const [path, message] of Object.entries(flattenFieldErrors(checked.errors))) {
    const name = toFormErrorName(path) ?? 'root.server';
    errors[name] ??= { type: 'schema', message: message ?? '' };
  }
  if (Object.keys(errors).length > 0) {
    for (const issue of findAcrossFieldIssues(toOfferInput(values))) {
      const name = toFormErrorName(issue.path.join('.'));
      if (name) errors[name] ??= { type: 'schema', message: issue.message };
    }
  }
  if (Object.keys(errors).length === 0) return { values: checked.values as OfferData, errors: {} };
  return { values: {}, errors: toNestErrors(errors, options) };
};
