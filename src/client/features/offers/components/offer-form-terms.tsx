// The offer's terms as a list of rows: add, edit, remove. Blank rows are harmless: the schema trims the terms and
// drops empty ones (docs/product.md "Offer creation"), so what is sent is only what the seller wrote.
import { Plus, X } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { OFFER_TERM_MAX_LENGTH, OFFER_TERMS_MAX } from '../../../../shared/constants.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { OfferFormValues } from '../offer-form-values.ts';

export function OfferFormTerms() {
  const { control, register, clearErrors, getFieldState, formState, setFocus } =
    useFormContext<OfferFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'terms' });
  const listError = getFieldState('terms', formState).error?.message;

  function onRemove(index: number): void {
    remove(index);
    clearErrors('terms');
    // Focus stays in the list: on the row that took this one's place, or the one before it.
    const next = Math.min(index, fields.length - 2);
    if (next >= 0) setTimeout(() => setFocus(`terms.${next}.text`), 0);
  }

  return (
    <div className="flex flex-col gap-3">
      {fields.length ? (
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => (
            <li key={field.id} className="flex items-end gap-2">
              <TextField
                label={`Term ${index + 1}`}
                className="flex-1"
                autoComplete="off"
                maxLength={OFFER_TERM_MAX_LENGTH}
                placeholder="e.g. Not valid with other offers"
                error={getFieldState(`terms.${index}.text`, formState).error?.message}
                {...register(`terms.${index}.text`, { onChange: () => clearErrors(`terms.${index}.text`) })}
              />
              <button
                type="button"
                aria-label={`Remove term ${index + 1}`}
                onClick={() => onRemove(index)}
                className="mb-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-ink-muted">No terms yet. Add any conditions shoppers should know.</p>
      )}
      {listError ? <p className="text-sm font-medium text-rani-700 dark:text-rani-400">{listError}</p> : null}
      <button
        type="button"
        disabled={fields.length >= OFFER_TERMS_MAX}
        onClick={() => append({ text: '' })}
        className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add term
      </button>
    </div>
  );
}
