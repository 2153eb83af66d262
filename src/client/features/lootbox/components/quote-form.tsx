// The Loot Box dialog's quote form (docs/product.md "Quote form", "Phone", "E-mail", "Quote request"): the chosen
// lines with their total, then name, e-mail and phone (required, marked *) and additional information. Nothing is
// sent until quote.ts's validateQuoteForm passes; its texts show at their fields.
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import type { LootboxItem } from '../../../../shared/contracts/lootbox.ts';
import type { OfferLinePrice } from '../../../../shared/domain/offers.ts';
import { formatPrice, sumLines } from '../../../../shared/domain/pricing.ts';
import { validateQuoteForm, type QuoteForm, type QuoteFormErrors } from '../../../../shared/domain/quote.ts';
import { LOOTBOX_MESSAGES, QUOTE_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';

const FIELD_ORDER = ['name', 'email', 'phone'] as const;

export function QuoteRequestForm({
  lines,
  values,
  onValuesChange,
  onBack,
  onSubmit,
}: {
  lines: { item: LootboxItem; price: OfferLinePrice }[];
  values: QuoteForm;
  onValuesChange: (values: QuoteForm) => void;
  onBack: () => void;
  /** Called with the checked, trimmed form; the form stays busy until it settles. */
  onSubmit: (form: QuoteForm) => Promise<void>;
}) {
  const [errors, setErrors] = useState<QuoteFormErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onChange = (field: keyof QuoteForm, value: string) => {
    onValuesChange({ ...values, [field]: value });
    if (field !== 'additionalInfo' && errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  async function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const result = validateQuoteForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((field) => result.errors[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(result.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={LOOTBOX_MESSAGES.requestQuote}
      onSubmit={(event) => void onFormSubmit(event)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-3 pb-4 md:px-6">
        <button
          type="button"
          onClick={onBack}
          className={getButtonClass({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {QUOTE_MESSAGES.back}
        </button>
        <ul className="mt-2 flex flex-col gap-1 rounded-2xl bg-surface-muted p-3 text-sm">
          {lines.map(({ item, price }) => (
            <li key={item.productId} className="flex justify-between gap-3">
              <span className="min-w-0 break-words text-ink">
                {item.name} x {price.quantity}
              </span>
              <span className="shrink-0 font-semibold text-ink">{formatPrice(price.lineTotal)}</span>
            </li>
          ))}
          <li className="mt-1 flex justify-between gap-3 border-t border-line pt-2 font-bold text-ink">
            <span>{LOOTBOX_MESSAGES.summaryTotal}</span>
            <span>{formatPrice(sumLines(lines.map(({ price }) => price)))}</span>
          </li>
        </ul>
        <div className="mt-4 flex flex-col gap-4">
          <TextField
            label={QUOTE_MESSAGES.nameLabel}
            name="name"
            autoComplete="name"
            aria-required="true"
            value={values.name}
            error={errors.name}
            onChange={(event) => onChange('name', event.target.value)}
          />
          <TextField
            label={QUOTE_MESSAGES.emailLabel}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
            value={values.email}
            error={errors.email}
            onChange={(event) => onChange('email', event.target.value)}
          />
          <TextField
            label={QUOTE_MESSAGES.phoneLabel}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            aria-required="true"
            value={values.phone}
            error={errors.phone}
            onChange={(event) => onChange('phone', event.target.value)}
          />
          <TextAreaField
            label={QUOTE_MESSAGES.additionalInfoLabel}
            name="additionalInfo"
            value={values.additionalInfo}
            onChange={(event) => onChange('additionalInfo', event.target.value)}
            className="[&_textarea]:min-h-24"
          />
        </div>
      </div>
      <div className="border-t border-line px-4 py-3 md:flex md:justify-end md:px-6">
        <button
          type="submit"
          aria-busy={busy}
          disabled={busy}
          className={getButtonClass({ className: 'w-full md:w-auto' })}
        >
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {QUOTE_MESSAGES.send}
        </button>
      </div>
    </form>
  );
}
