// The Shop's price filter (docs/product.md "Price range filter"): a popover with Min Price and Max Price that
// closes on Esc and on a tap or click outside (which still reaches what was tapped, such as a category chip), and
// gives focus back to its button. Min above max is said, not applied. Hand-made rather than a popover library's: the
// Shop's first load would carry about 23 KB more for it.
import clsx from 'clsx';
import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatPrice, rupeesToPaise } from '../../../../shared/domain/pricing.ts';
import { CATALOGUE_MESSAGES } from '../../../../shared/catalogue-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { INPUT_CLASS } from '../../../components/ui/text-field.tsx';

/** A price bound as typed (rupees) in the one price format: ₹500 - ₹2,000. */
function formatRupeeText(text: string): string {
  const rupees = Number(text);
  return Number.isFinite(rupees) && rupees >= 0 ? formatPrice(rupeesToPaise(rupees)) : `₹${text}`;
}

/** True when both bounds are numbers and the minimum is above the maximum (a maximum of 0 means none). */
function isInverted(min: string, max: string): boolean {
  if (!min.trim() || !max.trim()) return false;
  const low = Number(min);
  const high = Number(max);
  return Number.isFinite(low) && Number.isFinite(high) && high !== 0 && low > high;
}

export function PriceRange({
  minPrice,
  maxPrice,
  onChange,
}: {
  minPrice: string;
  maxPrice: string;
  onChange: (min: string, max: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [min, setMin] = useState(minPrice);
  const [max, setMax] = useState(maxPrice);
  const [error, setError] = useState<string | null>(null);
  const active = Boolean(minPrice && maxPrice);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  function close({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    setError(null);
    if (returnFocus) buttonRef.current?.focus();
  }

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close({ returnFocus: true });
    };
    // Not prevented: the tap goes on to what it hit (a category chip), as on any popover.
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close({ returnFocus: false });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className={clsx(
          getButtonClass({ variant: 'secondary', size: 'md' }),
          active && 'border-brand text-brand-ink',
        )}
        onClick={() => (open ? close({ returnFocus: false }) : setOpen(true))}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {active ? `${formatRupeeText(minPrice)} - ${formatRupeeText(maxPrice)}` : 'Price'}
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Price range"
          className="absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-line bg-surface p-4 shadow-lg max-sm:right-auto max-sm:left-0"
        >
          <div className="flex items-center justify-between">
            <p className="font-semibold text-ink">Price range</p>
            <button
              type="button"
              aria-label="Close"
              className="text-ink-subtle"
              onClick={() => close({ returnFocus: true })}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          <div className="mt-3 grid grid-cols-2 gap-3">
            {(
              [
                ['Min Price', '0', min, setMin],
                ['Max Price', 'Any', max, setMax],
              ] as const
            ).map(([label, placeholder, value, set]) => (
              <label key={label} className="flex flex-col gap-1 text-xs font-medium text-ink-muted">
                {label}
                <span className="relative">
                  <span className="absolute top-1/2 left-3 -translate-y-1/2 text-ink-subtle">₹</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    placeholder={placeholder}
                    value={value}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => {
                      set(event.target.value);
                      setError(null);
                    }}
                    className={`${INPUT_CLASS} pl-7`}
                  />
                </span>
              </label>
            ))}
          </div>
          <div className="mt-3">
            <FormError message={error} />
          </div>
          <div className="mt-4 flex justify-end gap-2">
            <button
              type="button"
              className={getButtonClass({ variant: 'ghost', size: 'sm' })}
              onClick={() => {
                setMin('');
                setMax('');
                setError(null);
                onChange('', '');
              }}
            >
              Clear
            </button>
            <button
              type="button"
              className={getButtonClass({ size: 'sm' })}
              onClick={() => {
                if (isInverted(min, max)) {
                  setError(CATALOGUE_MESSAGES.priceRangeInverted);
                  return;
                }
                onChange(min, max);
                close({ returnFocus: true });
              }}
            >
              Apply
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
