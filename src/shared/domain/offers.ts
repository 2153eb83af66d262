// Offers (docs/product.md "Offer", "Offer creation", "Offer read", "Price calculation", "Offer minimum purchase"):
// when an offer runs, how it is read from any of the shapes the spec allows, and what it does to a product's price.
// Pure: the caller passes the time ("now"). The arithmetic is pricing.ts's, in paise and basis points; an offer's
// numbers arrive as the wire has them (a percent, or rupees) and become paise/basis points here and nowhere else.
import { OFFER_DEFAULT_DURATION_MS } from '../constants.ts';
import {
  calculateCartLine,
  formatPrice,
  paiseToRupees,
  percentToBasisPoints,
  rupeesToPaise,
  type CartLinePrice,
  type OfferDiscount,
  type Paise,
} from './pricing.ts';

export const OFFER_DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type OfferDiscountType = (typeof OFFER_DISCOUNT_TYPES)[number];

/** What decides an offer's discount, as the wire carries it: a percent, or rupees. */
export interface OfferTerms {
  discountType: OfferDiscountType;
  /** Percent (0-100) for a percentage offer, rupees for a fixed one. */
  discountValue: number;
  /** Rupees; null or 0: no cap. */
  maxDiscount?: number | null | undefined;
  /** Rupees; 0: none. */
  minPurchase?: number | null | undefined;
}

/** When an offer runs: ISO texts, as the wire carries them. */
export interface OfferPeriod {
  startDate: string;
  endDate: string;
}

export type OfferState = 'upcoming' | 'active' | 'expired';

/** Active while start <= now < end (docs/product.md "Hot Deals"). */
export function getOfferState(period: OfferPeriod, now: Date | number): OfferState {
  const at = typeof now === 'number' ? now : now.getTime();
  if (at < Date.parse(period.startDate)) return 'upcoming';
  return at < Date.parse(period.endDate) ? 'active' : 'expired';
}

/** The offer's discount in paise and basis points, as calculatePrice takes it. */
export function toOfferDiscount(terms: OfferTerms): OfferDiscount {
  const maxDiscountPaise = terms.maxDiscount ? rupeesToPaise(Math.max(0, terms.maxDiscount)) : null;
  const value = Math.max(0, terms.discountValue || 0);
  return terms.discountType === 'fixed'
    ? { discountType: 'fixed', discountPaise: rupeesToPaise(value), maxDiscountPaise }
    : { discountType: 'percentage', discountBasisPoints: percentToBasisPoints(value), maxDiscountPaise };
}

/** A product's price as the wire carries it. */
export interface WirePrice {
  price: number;
  discount: number;
}

export interface OfferLinePrice extends CartLinePrice {
  /** Whether the offer takes anything off this line (there is one, and the minimum purchase is met). */
  offerApplies: boolean;
  /** How much more the line must be worth for the offer to apply (0 when it applies or there is no offer). */
  shortBy: Paise;
}

/**
 * A product line's price with an offer (docs/product.md "Price calculation", "Offer minimum purchase"): the
 * product's discount first; the offer applies only when the line's value after that discount (unit price times
 * quantity) is at least the offer's minimum purchase; then the cart formula. The product page is a line of one.
 */
export function priceLine(
  product: WirePrice,
  offer: OfferTerms | null | undefined,
  quantity = 1,
): OfferLinePrice {
  const price = rupeesToPaise(product.price);
  const discount = percentToBasisPoints(Math.min(100, Math.max(0, product.discount || 0)));
  const withoutOffer = calculateCartLine(price, discount, quantity);
  if (!offer) return { ...withoutOffer, offerApplies: false, shortBy: 0 as Paise };
  const minimum = rupeesToPaise(Math.max(0, offer.minPurchase ?? 0));
  const lineValue = withoutOffer.unit.discountedPrice * withoutOffer.quantity;
  if (lineValue < minimum) {
    return { ...withoutOffer, offerApplies: false, shortBy: (minimum - lineValue) as Paise };
  }
  const withOffer = calculateCartLine(price, discount, quantity, toOfferDiscount(offer));
  return { ...withOffer, offerApplies: withOffer.offerDiscount > 0, shortBy: 0 as Paise };
}

/** '20% off' or '₹200 off' (docs/product.md "Loot Box dropdown and dialog": the value, then % or ₹, then off). */
export function formatOfferDiscount(terms: Pick<OfferTerms, 'discountType' | 'discountValue'>): string {
  return terms.discountType === 'fixed'
    ? `${formatPrice(rupeesToPaise(Math.max(0, terms.discountValue)))} off`
    : `${Math.max(0, terms.discountValue)}% off`;
}

/**
 * The price a screen shows when the answer carries none (docs/product.md "Displayed price when not supplied"): a
 * percentage offer reduces the original price by its percent, a fixed one subtracts its value, never below 0.
 */
export function displayedPrice(
  originalPrice: number,
  terms: Pick<OfferTerms, 'discountType' | 'discountValue'> | null | undefined,
  finalPrice?: number | null,
): Paise {
  if (typeof finalPrice === 'number' && Number.isFinite(finalPrice) && finalPrice >= 0) {
    return rupeesToPaise(finalPrice);
  }
  const original = rupeesToPaise(Math.max(0, originalPrice || 0));
  if (!terms) return original;
  return priceLine({ price: paiseToRupees(original), discount: 0 }, { ...terms, maxDiscount: null }).unit
    .finalPrice;
}

/** A value that is a finite number, or a text holding one, as a number; anything else undefined. */
export function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/**
 * Dates an offer may have (docs/product.md "Offer limits"): a date that parses but lies outside the years 2000 to
 * 8999 (0000-12-31, +275760-09-13) is as invalid as one that does not parse. Here, so that the form and the server
 * agree; such a date never reaches the database, whose range and the drivers' date texts differ at the extremes.
 */
const OFFER_DATE_MIN_MS = Date.UTC(2000, 0, 1);
const OFFER_DATE_MAX_MS = Date.UTC(9000, 0, 1);

/** A date text or Date that parses and lies in the years 2000 to 8999, as a Date; anything else undefined. */
export function readDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return undefined;
  const parsed = value instanceof Date ? value : new Date(value);
  const ms = parsed.getTime();
  return ms >= OFFER_DATE_MIN_MS && ms < OFFER_DATE_MAX_MS ? parsed : undefined;
}

/** `percentage` unless it is `fixed` (docs/product.md "Offer creation"). */
export function readDiscountType(value: unknown): OfferDiscountType {
  return value === 'fixed' ? 'fixed' : 'percentage';
}

/** Terms trimmed, empty ones dropped (docs/product.md "Offer creation"). */
export function cleanTerms(terms: readonly unknown[]): string[] {
  return terms
    .filter((term): term is string => typeof term === 'string')
    .map((term) => term.trim())
    .filter(Boolean);
}

/**
 * A new offer's dates (docs/product.md "Offer creation"): a missing or invalid start is now, a missing or invalid
 * end 7 days from now. Whether the start is after the end is the caller's to refuse (startAfterEnd).
 */
export function resolveCreateDates(
  input: { startDate?: unknown; endDate?: unknown },
  now: Date,
): { startDate: Date; endDate: Date } {
  return {
    startDate: readDate(input.startDate) ?? now,
    endDate: readDate(input.endDate) ?? new Date(now.getTime() + OFFER_DEFAULT_DURATION_MS),
  };
}

/** A stored or sent offer's dates as read (docs/product.md "Offer read"). */
export function resolveReadDates(
  input: { startDate?: unknown; endDate?: unknown },
  now: Date,
): { startDate: Date; endDate: Date } {
  const startDate = readDate(input.startDate) ?? now;
  const end = readDate(input.endDate);
  const endDate =
    !end || end.getTime() < startDate.getTime()
      ? new Date(startDate.getTime() + OFFER_DEFAULT_DURATION_MS)
      : end;
  return { startDate, endDate };
}

export function startsAfterEnd(dates: { startDate: Date; endDate: Date }): boolean {
  return dates.startDate.getTime() > dates.endDate.getTime();
}

/** An offer as docs/product.md "Offer" has it, normalised. */
export interface NormalisedOffer extends OfferPeriod {
  id: string;
  type: 'offer';
  status: string;
  createdAt: string;
  title: string;
  description: string;
  discountType: OfferDiscountType;
  discountValue: number;
  minPurchase: number;
  maxDiscount: number | null;
  products: string[];
  terms: string[];
}

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An offer's fields from wherever the spec allows them (docs/product.md "Offer"): the top level, `metadata`, or
 * `metadata.metadata`; the outer place wins when a field is in two.
 */
export function readOfferFields(raw: unknown): Fields {
  if (!isObject(raw)) return {};
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  const nested = isObject(metadata.metadata) ? metadata.metadata : {};
  const merged: Fields = { ...nested };
  for (const source of [metadata, raw]) {
    for (const [key, value] of Object.entries(source)) {
      if (key !== 'metadata' && value !== undefined) merged[key] = value;
    }
  }
  return merged;
}

/** A product id from an id text or a product object ({id} or {productId}). */
function readProductId(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (isObject(value)) {
    const id = value.id ?? value.productId;
    return typeof id === 'string' && id.trim() ? id.trim() : undefined;
  }
  return undefined;
}

/**
 * Any offer as docs/product.md "Offer" and "Offer read" have it: fields from any of their places, numbers 0 or
 * more, the discount type `percentage` unless `fixed`, invalid dates replaced and an end before the start moved to
 * the start plus 7 days, terms trimmed with empty ones dropped, products as ids.
 */
export function normaliseOffer(raw: unknown, now: Date): NormalisedOffer {
  const fields = readOfferFields(raw);
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const amount = (value: unknown) => Math.max(0, readNumber(value) ?? 0);
  const dates = resolveReadDates(fields, now);
  const maxDiscount = amount(fields.maxDiscount);
  const products = Array.isArray(fields.products) ? fields.products.map(readProductId) : [];
  return {
    id: text(fields.id) || text(fields.contentId),
    type: 'offer',
    status: text(fields.status) || 'active',
    createdAt: readDate(fields.createdAt)?.toISOString() ?? now.toISOString(),
    title: text(fields.title),
    description: text(fields.description),
    discountType: readDiscountType(fields.discountType),
    discountValue: amount(fields.discountValue),
    minPurchase: amount(fields.minPurchase),
    maxDiscount: maxDiscount > 0 ? maxDiscount : null,
    startDate: dates.startDate.toISOString(),
    endDate: dates.endDate.toISOString(),
    products: [...new Set(products.filter((id): id is string => Boolean(id)))],
    terms: Array.isArray(fields.terms) ? cleanTerms(fields.terms) : [],
  };
}

/** The best of several offers for one product: the one that takes the most off a line of one. */
export function pickBestOffer<T extends OfferTerms>(product: WirePrice, offers: readonly T[]): T | null {
  let best: T | null = null;
  let bestDiscount = -1;
  for (const offer of offers) {
    const line = priceLine(product, offer);
    const discount = line.offerApplies ? line.offerDiscount : 0;
    if (discount > bestDiscount) {
      best = offer;
      bestDiscount = discount;
    }
  }
  return best;
}
