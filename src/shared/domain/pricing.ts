// Prices of docs/product.md "Price calculation" and "Displayed price when not supplied": the product's own discount
// first, then an offer, never below 0. Every amount here is integer paise (the money rule of
// docs/product.md "Price calculation") and every percent integer basis points (1 bp = 0.01 %), so the arithmetic is
// exact: a product's discount is at most 100 % with two decimals, and the largest price (PRODUCT_PRICE_MAX, 10^9
// paise) times 10 000 bp is 10^13, far below 2^53. The wire carries rupees (numbers, as docs/product.md "The calls"
// has them); they become paise at the API edge (the server's contracts/service mapping, the client where a wire price
// enters these functions) through rupeesToPaise/paiseToRupees and nowhere else.
//
// The one rounding rule: an exact result that falls between two paise is rounded half up (to the nearer paisa;
// exactly half a paisa goes up). For the non-negative amounts here that is also PostgreSQL's numeric rounding,
// which decided stored prices before they were paise.
import { CURRENCY, CURRENCY_LOCALE, CURRENCY_MAX_FRACTION_DIGITS } from '../constants.ts';

declare const paiseUnit: unique symbol;
declare const basisPointsUnit: unique symbol;
/** A whole number of paise (₹1 = 100 paise). Branded so that a rupee amount cannot be passed by mistake. */
export type Paise = number & { readonly [paiseUnit]: true };
/** A whole number of basis points (100 % = 10 000 bp). */
export type BasisPoints = number & { readonly [basisPointsUnit]: true };

const PAISE_PER_RUPEE = 100;
const FULL_BASIS_POINTS = 10_000;

type Rounding = 'half-up' | 'floor' | 'ceil';

/**
 * A non-negative number times 10^places as a whole number, rounded as asked, computed on the number's decimal
 * text (the shortest that reads back as it, which is also what the database drivers send) instead of in binary
 * floating point: 10.005 rupees is 1001 paise (half up) although 10.005 * 100 is 1000.4999... in floating point.
 * Exact up to 2^53; callers clamp larger inputs first.
 */
function scaleDecimal(value: number, places: number, rounding: Rounding): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a non-negative amount: ${value}`);
  const [mantissa = '0', exponentText] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  // Where the decimal point falls in digits once the value is multiplied by 10^places.
  const point = whole.length + Number(exponentText ?? 0) + places;
  const integerDigits = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const rest = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  const integer = Number(integerDigits);
  if (rounding === 'floor' || rest === '') return integer;
  if (rounding === 'ceil') return /[1-9]/.test(rest) ? integer + 1 : integer;
  return rest[0]! >= '5' ? integer + 1 : integer;
}

/** Rupees (a wire number, possibly with more than two decimals) as paise, half up. */
export function rupeesToPaise(rupees: number): Paise {
  return scaleDecimal(rupees, 2, 'half-up') as Paise;
}

/** The smallest whole paise at or above rupees: a price filter's lower bound ("at least ₹10.005" is 1001). */
export function rupeesToPaiseAtLeast(rupees: number): Paise {
  return scaleDecimal(rupees, 2, 'ceil') as Paise;
}

/** The largest whole paise at or below rupees: a price filter's upper bound ("at most ₹10.005" is 1000). */
export function rupeesToPaiseAtMost(rupees: number): Paise {
  return scaleDecimal(rupees, 2, 'floor') as Paise;
}

/**
 * Paise as the wire's rupee number. Exact: the double nearest to p/100 is what IEEE division gives, and it prints
 * as the two-decimal text, so rupeesToPaise(paiseToRupees(p)) === p for every whole p up to 2^53 / 100.
 */
export function paiseToRupees(paise: Paise): number {
  return paise / PAISE_PER_RUPEE;
}

/** A percent (0-100, up to two decimals in the spec; more are rounded half up) as basis points. */
export function percentToBasisPoints(percent: number): BasisPoints {
  return scaleDecimal(percent, 2, 'half-up') as BasisPoints;
}

/** Basis points as the wire's percent: exact, as paiseToRupees is (2000 bp is 20, 1250 bp 12.5). */
export function basisPointsToPercent(basisPoints: BasisPoints): number {
  return basisPoints / 100;
}

/** amount * basisPoints / 10 000, half up, in integers (the product stays below 2^53, see the header). */
function takeShare(amount: Paise, basisPoints: number): Paise {
  const scaled = amount * basisPoints;
  const remainder = scaled % FULL_BASIS_POINTS;
  const whole = (scaled - remainder) / FULL_BASIS_POINTS;
  return (remainder * 2 >= FULL_BASIS_POINTS ? whole + 1 : whole) as Paise;
}

function clampBasisPoints(basisPoints: number): number {
  return Math.min(FULL_BASIS_POINTS, Math.max(0, basisPoints || 0));
}

export type OfferDiscount =
  | {
      discountType: 'percentage';
      discountBasisPoints: BasisPoints;
      /** Optional cap on the offer's discount. */
      maxDiscountPaise?: Paise | null;
    }
  | { discountType: 'fixed'; discountPaise: Paise; maxDiscountPaise?: Paise | null };

/** Price after the product's base discount (docs/product.md "Cart": price times 1 minus discount/100), half up. */
export function applyDiscount(price: Paise, discount: BasisPoints): Paise {
  return takeShare(price, FULL_BASIS_POINTS - clampBasisPoints(discount));
}

/** The offer's discount on an already discounted price: a percentage of it or a fixed amount, capped. */
export function calculateOfferDiscount(discountedPrice: Paise, offer: OfferDiscount): Paise {
  const raw =
    offer.discountType === 'percentage'
      ? takeShare(discountedPrice, Math.max(0, offer.discountBasisPoints))
      : Math.max(0, offer.discountPaise);
  const capped =
    offer.maxDiscountPaise && offer.maxDiscountPaise > 0 ? Math.min(raw, offer.maxDiscountPaise) : raw;
  return Math.min(capped, discountedPrice) as Paise;
}

export interface PriceBreakdown {
  originalPrice: Paise;
  discountedPrice: Paise;
  offerDiscount: Paise;
  finalPrice: Paise;
  totalSavings: Paise;
}

export function calculatePrice(
  price: Paise,
  discount: BasisPoints,
  offer?: OfferDiscount | null,
): PriceBreakdown {
  const discountedPrice = applyDiscount(price, discount);
  const offerDiscount = offer ? calculateOfferDiscount(discountedPrice, offer) : (0 as Paise);
  const finalPrice = Math.max(0, discountedPrice - offerDiscount) as Paise;
  return {
    originalPrice: price,
    discountedPrice,
    offerDiscount,
    finalPrice,
    totalSavings: (price - finalPrice) as Paise,
  };
}

/** A wire product's price and discount percent, as the pricing functions take them (the client's edge). */
export function calculateWirePrice(product: { price: number; discount: number }): PriceBreakdown {
  return calculatePrice(rupeesToPaise(product.price), percentToBasisPoints(product.discount));
}

const wholeRupeeFormatter = new Intl.NumberFormat(CURRENCY_LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  maximumFractionDigits: 0,
});

const paiseFormatter = new Intl.NumberFormat(CURRENCY_LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: CURRENCY_MAX_FRACTION_DIGITS,
  maximumFractionDigits: CURRENCY_MAX_FRACTION_DIGITS,
});

/**
 * The one way a price is shown (docs/product.md "Numbers": 0 to 2 decimals, en-IN), as an Indian shop prints it:
 * whole rupees without decimals (₹30,351), anything else with both paise digits (₹30,350.80, never ₹30,350.8). The
 * rupee number printed is exact (see paiseToRupees).
 */
export function formatPrice(value: Paise): string {
  return value % PAISE_PER_RUPEE === 0
    ? wholeRupeeFormatter.format(value / PAISE_PER_RUPEE)
    : paiseFormatter.format(paiseToRupees(value));
}

/**
 * A cart line (docs/product.md "Price calculation", its cart-line rules): the offer's discount is worked out on one unit
 * (a percentage of the unit's price after the product's discount, or the fixed value, capped by maxDiscount, never
 * more than the unit) and multiplied by the quantity; the line is the unit's final price times the quantity.
 * `offer` is the offer that applies to the line (null when none does: see offerApplies in offers.ts).
 */
export interface CartLinePrice {
  unit: PriceBreakdown;
  quantity: number;
  /** The offer's discount on the whole line: the unit's times the quantity. */
  offerDiscount: Paise;
  lineTotal: Paise;
  lineOriginal: Paise;
  lineSavings: Paise;
}

export function calculateCartLine(
  price: Paise,
  discount: BasisPoints,
  quantity: number,
  offer?: OfferDiscount | null,
): CartLinePrice {
  const unit = calculatePrice(price, discount, offer);
  const count = Math.max(1, Math.floor(quantity) || 1);
  return {
    unit,
    quantity: count,
    offerDiscount: (unit.offerDiscount * count) as Paise,
    lineTotal: (unit.finalPrice * count) as Paise,
    lineOriginal: (unit.originalPrice * count) as Paise,
    lineSavings: (unit.totalSavings * count) as Paise,
  };
}

/** The cart's total: the sum of its lines. */
export function sumLines(lines: readonly Pick<CartLinePrice, 'lineTotal'>[]): Paise {
  return lines.reduce((total, line) => total + line.lineTotal, 0) as Paise;
}

/** Whole rupees, rounded down: how klips show a price (docs/product.md "Displayed price when not supplied"). */
export function toWholeRupees(value: Paise): number {
  return Math.floor(value / PAISE_PER_RUPEE);
}

/** ₹1,299 for ₹1,299.99: a klip's price. */
export function formatWholeRupees(value: Paise): string {
  return wholeRupeeFormatter.format(toWholeRupees(value));
}
