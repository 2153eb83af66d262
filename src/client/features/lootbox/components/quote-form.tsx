// The Loot Box dialog's quote form (docs/product.md "Quote form", "Phone", "E-mail", "Quote request"): the chosen
// lines with their total, then name, e-mail and phone (required, marked *) and additional information. Nothing is
// sent until quote.ts's validateQuoteForm passes; its texts show at their fields.
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import type { LootboxItem } from '../../../../shared/contracts/lootbox.ts';
import type { OfferLinePrice } from '../../../../shared/domain/offers.ts';
import { formatPrice, sumLines } from '../../../../shared/domain/pricing.ts';
import { validateQuoteForm, type QuoteForm } from '../../../../shared/domain/quote.ts';
import { LOOTBOX_MESSAGES, QUOTE_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { Form, FORM_OPTIONS } from '../../../components/ui/form.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';

/** The quote never reaches our server, so its one rule is quote.ts's, with the spec's texts (decision 0060). */
const resolveQuoteForm: Resolver<QuoteForm> = (values) => {
  const result = validateQuoteForm(values);
  if (result.ok) return { values: result.form, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const [field, message] of Object.entries(result.errors)) errors[field] = { type: 'quote', message };
  return { values: {}, errors };
};

/** The required fields, in the order of the form. */
const REQUIRED_FIELDS: {
  name: 'name' | 'email' | 'phone';
  label: string;
  input: ComponentProps<'input'>;
}[] = [
  { name: 'name', label: QUOTE_MESSAGES.nameLabel, input: { autoComplete: 'name' } },
  {
    name: 'email',
    label: QUOTE_MESSAGES.emailLabel,
    input: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  },
  {
    name: 'phone',
    label: QUOTE_MESSAGES.phoneLabel,
    input: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  },
];

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
  // `values` is what the dialog keeps (so Back and a phone that arrives later both work): the form follows it,
  // keeping its errors, and hands every edit back.
  const form = useForm<QuoteForm>({
    ...FORM_OPTIONS,
    values,
    resetOptions: { keepErrors: true },
    resolver: resolveQuoteForm,
  });
  const busy = form.formState.isSubmitting;
  const bind = (name: keyof QuoteForm) =>
    bindField(form, name, { onChange: () => onValuesChange(form.getValues()) });

  return (
    <Form
      form={form}
      onValid={onSubmit}
      blocked={busy}
      aria-label={LOOTBOX_MESSAGES.requestQuote}
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
          {REQUIRED_FIELDS.map(({ name, label, input }) => (
            <TextField key={name} label={label} aria-required="true" {...input} {...bind(name)} />
          ))}
          <TextAreaField
            label={QUOTE_MESSAGES.additionalInfoLabel}
            {...bind('additionalInfo')}
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
    </Form>
  );
}
