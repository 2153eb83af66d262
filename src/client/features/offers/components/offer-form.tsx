// The seller's offer form, for Create Offer (no offer given) and Edit Offer, on react-hook-form (docs/decisions/
// 0029). It checks the fields with OfferInputSchema, the server's own schema, and says what is wrong by each field,
// with the spec's texts (docs/product.md "Offer creation"); a 400 from the server lands at the field it names. Beside
// the form (below it on a phone) the offer's card shows as shoppers will see it. Leaving with unsaved changes asks.
import clsx from 'clsx';
import { useCallback, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { OFFER_DESCRIPTION_MAX_LENGTH, OFFER_TITLE_MAX_LENGTH } from '../../../../shared/constants.ts';
import type { Offer, OfferData } from '../../../../shared/contracts/offers.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { bindField, ControlledField } from '../../../components/ui/form-bindings.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard.ts';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { focusFirstInvalid } from '../../../lib/field-errors.ts';
import { createIdempotencyKey, useCreateOffer, useUpdateOffer } from '../api/offers-write.ts';
import {
  clampAmountText,
  createEmptyOfferForm,
  findChangedFields,
  readServerFieldError,
  resolveOfferForm,
  toOfferFormValues,
  toOfferTerms,
  type OfferFormValues,
  type OfferTextField,
} from '../offer-form-values.ts';
import { DeleteOfferButton } from './offer-form-delete.tsx';
import { OfferFormPreview } from './offer-form-preview.tsx';
import { OfferFormProducts } from './offer-form-products.tsx';
import { OfferFormTerms } from './offer-form-terms.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { toast } from '../../../lib/toast.ts';

/** The amounts: raised to at least 0 as the seller leaves the field (docs/product.md "Offer creation"). */
const AMOUNT_FIELDS = new Set<OfferTextField>(['discountValue', 'minPurchase', 'maxDiscount']);

const DISCOUNT_TYPES = [
  { value: 'percentage', label: 'Percentage (%)' },
  { value: 'fixed', label: 'Fixed amount (₹)' },
] as const;

export function OfferForm({ offer }: { offer?: Offer }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const formElement = useRef<HTMLFormElement>(null);
  const formId = useId();
  const [initial, setInitial] = useState(() =>
    offer ? toOfferFormValues(offer) : createEmptyOfferForm(new Date()),
  );
  // One key per offer the seller means to create: a retry of the same save is the same create (decision 0034).
  const [idempotencyKey] = useState(createIdempotencyKey);
  // Every chosen product's name and photo for its chip: GET /api/v1/offers/{id} gives the owner every product of
  // the offer as featuredProducts (decision 0035), and the picker adds what it loads.
  const [known, setKnown] = useState<ReadonlyMap<string, ProductSummary>>(
    () => new Map(offer?.featuredProducts.map((product) => [product.id, product])),
  );
  const form = useForm<OfferFormValues, unknown, OfferData>({
    defaultValues: initial,
    resolver: resolveOfferForm,
    ...FORM_OPTIONS,
  });
  const { control, register, clearErrors, setError, setValue, formState, reset } = form;
  useWatch({ control });
  const values = form.getValues();
  const create = useCreateOffer();
  const update = useUpdateOffer(offer?.id ?? '');
  const saving = create.isPending || update.isPending;
  const { blocker, onAllowLeave } = useUnsavedChangesGuard(formState.isDirty);

  const onSeen = useCallback((products: ProductSummary[]) => {
    setKnown((current) => {
      if (products.every((product) => current.get(product.id) === product)) return current;
      const next = new Map(current);
      for (const product of products) next.set(product.id, product);
      return next;
    });
  }, []);

  function bindText(name: OfferTextField) {
    return bindField(form, name, {
      onBlur: AMOUNT_FIELDS.has(name)
        ? (event) => {
            const clamped = clampAmountText(event.target.value);
            if (clamped !== event.target.value) setValue(name, clamped, { shouldDirty: true });
          }
        : undefined,
    });
  }

  /** A 400 that names a field shows at that field; anything else above the buttons. */
  function onServerError(error: unknown): void {
    const field =
      error instanceof ApiError && error.status === 400 ? readServerFieldError(error.message) : undefined;
    if (field) {
      setError(field.name as keyof OfferFormValues, { type: 'server', message: field.message });
      if (formElement.current) focusFirstInvalid(formElement.current, { [field.name]: field.message });
    } else {
      setError(SERVER_ERROR, { message: getErrorMessage(error) });
    }
  }

  async function onValid(data: OfferData): Promise<void> {
    try {
      if (offer) {
        const answer = await update.mutateAsync(findChangedFields(initial, data));
        const saved = toOfferFormValues(answer.offer);
        // The owner's answer carries every product of the offer (up to OFFER_PRODUCTS_MAX): each chip knows its own.
        onSeen(answer.offer.featuredProducts);
        setInitial(saved);
        reset(saved);
        toast.success(OFFER_MESSAGES.updated);
      } else {
        await create.mutateAsync({ data, idempotencyKey });
        onAllowLeave();
        toast.success(OFFER_MESSAGES.created);
        navigate(paths.offers.getHref());
      }
    } catch (error) {
      onServerError(error);
    }
  }

  let submitLabel = offer ? 'Save Changes' : 'Create Offer';
  if (saving) submitLabel = offer ? 'Saving...' : 'Creating...';
  const terms = toOfferTerms(values);
  const chosenProducts = values.products.flatMap((id) => known.get(id) ?? []);
  const percentage = values.discountType === 'percentage';

  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start lg:gap-x-8">
      <Form
        form={form}
        onValid={onValid}
        blocked={saving}
        ref={formElement}
        id={formId}
        className="flex min-w-0 flex-col gap-4 sm:gap-6"
        aria-label={offer ? 'Edit offer' : 'Create offer'}
      >
        <FormSection title="Details">
          <TextField
            label="Offer title"
            autoComplete="off"
            maxLength={OFFER_TITLE_MAX_LENGTH}
            placeholder="e.g. Diwali Dhamaka: 20% off all diyas"
            {...bindText('title')}
          />
          <TextAreaField
            label="Description"
            rows={3}
            maxLength={OFFER_DESCRIPTION_MAX_LENGTH}
            placeholder="What is on offer and why shoppers should hurry"
            hint={`${values.description.length} / ${OFFER_DESCRIPTION_MAX_LENGTH} characters`}
            {...bindText('description')}
          />
        </FormSection>

        <FormSection title="Discount">
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-semibold text-ink">Discount type</legend>
            <div className="grid grid-cols-2 gap-1 rounded-full bg-surface-muted p-1">
              {DISCOUNT_TYPES.map((type) => (
                <label
                  key={type.value}
                  className="flex h-10 cursor-pointer items-center justify-center rounded-full px-2 text-sm font-semibold whitespace-nowrap text-ink-muted transition-colors has-[:checked]:bg-surface has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus"
                >
                  <input
                    type="radio"
                    value={type.value}
                    className="sr-only"
                    {...register('discountType', { onChange: () => clearErrors('discountValue') })}
                  />
                  {type.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Discount value"
              inputMode="decimal"
              autoComplete="off"
              placeholder={percentage ? 'e.g. 20' : 'e.g. 200'}
              leading={percentage ? undefined : '₹'}
              trailing={percentage ? <span className="pr-3 font-semibold text-ink-muted">%</span> : undefined}
              {...bindText('discountValue')}
            />
            <TextField
              label="Minimum purchase"
              inputMode="decimal"
              autoComplete="off"
              leading="₹"
              placeholder="0"
              hint="Optional. The product's price after its own discount must reach this."
              {...bindText('minPurchase')}
            />
            <TextField
              label="Maximum discount"
              inputMode="decimal"
              autoComplete="off"
              leading="₹"
              placeholder="No limit"
              hint="Optional. The most the offer takes off one product."
              className={clsx(!percentage && 'sm:col-span-2')}
              {...bindText('maxDiscount')}
            />
          </div>
        </FormSection>

        <FormSection
          title="When it runs"
          description="In your time zone. Shoppers see it only while it runs."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Starts" type="datetime-local" {...bindText('startDate')} />
            <TextField label="Ends" type="datetime-local" {...bindText('endDate')} />
          </div>
        </FormSection>

        <FormSection
          title="Products"
          description="Choose from your own products. Each shows its price with this offer."
        >
          <ControlledField<OfferFormValues, 'products'>
            name="products"
            render={({ value, error, onChange }) => (
              <OfferFormProducts
                uid={user?.uid}
                chosen={value}
                known={known}
                terms={terms}
                error={error}
                onSeen={onSeen}
                onChange={onChange}
              />
            )}
          />
        </FormSection>

        <FormSection title="Terms" description="Optional. One condition a line.">
          <OfferFormTerms />
        </FormSection>

        <UnsavedChangesDialog blocker={blocker} />
      </Form>
      <aside className="lg:sticky lg:top-[calc(var(--spacing-header)+1.5rem)] lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <OfferFormPreview values={values} products={chosenProducts} offerId={offer?.id} />
      </aside>
      {/* Outside the form so that on a phone the preview comes between the fields and Create; the submit button
          belongs to the form through its id. */}
      <div className="flex flex-col gap-4 lg:col-start-1">
        <FormError message={formState.errors.root?.server?.message ?? null} />
        <FormActions
          cancelTo={paths.dashboard.getHref()}
          submitLabel={submitLabel}
          disabled={saving}
          danger={offer ? <DeleteOfferButton offerId={offer.id} onAllowLeave={onAllowLeave} /> : null}
          formId={formId}
        />
      </div>
    </div>
  );
}
