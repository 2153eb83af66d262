// What shoppers will pay, worked out as the seller types, with the same rule the product page and the server
// use (src/shared/domain/pricing.ts).
import { PRODUCT_DISCOUNT_MAX } from '../../../../shared/constants.ts';
import { calculateWirePrice, formatPrice } from '../../../../shared/domain/pricing.ts';
import { parseAmount } from '../product-form-values.ts';

export function PricePreview({ price, discount }: { price: string; discount: string }) {
  const amount = parseAmount(price);
  const percent = discount.trim() === '' ? 0 : parseAmount(discount);
  const valid =
    Number.isFinite(amount) &&
    amount >= 0 &&
    Number.isFinite(percent) &&
    percent >= 0 &&
    percent <= PRODUCT_DISCOUNT_MAX;
  if (!valid) {
    return (
      <p className="rounded-2xl bg-surface-muted px-4 py-3 text-sm text-ink-muted">
        Enter a price to see what shoppers pay.
      </p>
    );
  }
  // The form's rupees and percent, priced in paise as the server prices what it stores.
  const result = calculateWirePrice({ price: amount, discount: percent });
  return (
    <div className="rounded-2xl bg-surface-muted px-4 py-3">
      <p className="text-sm text-ink-muted">Shoppers pay</p>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-2xl font-extrabold text-ink">{formatPrice(result.finalPrice)}</span>
        {percent > 0 ? (
          <>
            <span className="text-ink-subtle line-through">{formatPrice(result.originalPrice)}</span>
            <span className="font-bold text-deal-ink">{`${percent}% off`}</span>
          </>
        ) : null}
      </p>
      {result.totalSavings > 0 ? (
        <p className="mt-0.5 text-sm font-semibold text-deal-ink">
          {`They save ${formatPrice(result.totalSavings)}`}
        </p>
      ) : null}
    </div>
  );
}
