// The seller's product form, for Create Product (no product given) and Edit Product, on react-hook-form. It checks
// the fields with ProductInputSchema, the server's own schema, and says what is wrong by each field; photos upload
// as they are picked. A save goes to the product's page; leaving with unsaved changes asks first.
import { useEffect, useId, useRef, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH } from '../../../../shared/constants.ts';
import type { ProductData, ProductDetail } from '../../../../shared/contracts/products.ts';
import { CATEGORIES, CATEGORY_TREE } from '../../../../shared/domain/categories.ts';
import { PRODUCT_FORM_MESSAGES } from '../../../../shared/product-form-messages.ts';
import { bindField, ControlledField } from '../../../components/ui/form-bindings.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { DeleteProductButton } from './delete-product-button.tsx';
import { useProductImages } from '../hooks/use-product-images.ts';
import {
  CONTACT_ERROR,
  EMPTY_PRODUCT_FORM,
  IMAGES_ERROR,
  resolveProductForm,
  toProductFormValues,
  type ProductFormContext,
  type ProductFormValues,
} from '../product-form-values.ts';
import { ProductFormImages } from './product-form-images.tsx';
import { ProductFormLinks } from './product-form-links.tsx';
import { PricePreview } from './product-form-price.tsx';
import { ProductFormTags } from './product-form-tags.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { toast } from '../../../lib/toast.ts';

/** Text fields, named by their path in the form's values, which is also the name of their input. */
type TextFieldName =
  | 'name'
  | 'description'
  | 'price'
  | 'discount'
  | 'contactInfo.whatsapp'
  | 'contactInfo.phone'
  | 'contactInfo.email';

/** The two phone fields, side by side. */
const PHONE_FIELDS = [
  { name: 'contactInfo.whatsapp', label: 'WhatsApp number' },
  { name: 'contactInfo.phone', label: 'Phone number' },
] as const;

export function ProductForm({ product }: { product?: ProductDetail }) {
  const navigate = useNavigate();
  const [initial] = useState(() => (product ? toProductFormValues(product) : EMPTY_PRODUCT_FORM));
  const images = useProductImages(product?.images ?? []);
  const form = useForm<ProductFormValues, ProductFormContext, ProductData>({
    defaultValues: initial,
    resolver: resolveProductForm,
    context: { imageIds: images.imageIds, hasFailedImages: images.hasFailed },
    ...FORM_OPTIONS,
  });
  const { control, register, clearErrors, setError, formState } = form;
  const [description, price, discount, category] = useWatch({
    control,
    name: ['description', 'price', 'discount', 'category'],
  });
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? '');
  const saving = create.isPending || update.isPending;

  const initialImageIds = (product?.images ?? []).map((image) => image.id).join();
  const dirty =
    formState.isDirty || images.slots.map((slot) => slot.image?.id ?? slot.key).join() !== initialImageIds;
  const { blocker, onAllowLeave } = useUnsavedChangesGuard(dirty);

  // A change to the photos (a retry, a removal) answers their error; the next submit checks again.
  const { slots } = images;
  useEffect(() => {
    clearErrors(IMAGES_ERROR);
  }, [slots, clearErrors]);

  // No way to reach the seller (decision 0046): said above the contact fields, which point to it.
  const contactErrorId = useId();
  const contactError = formState.errors.contactInfo?.type ? formState.errors.contactInfo.message : undefined;
  const contactErrorElement = useRef<HTMLParagraphElement>(null);
  // Focus lands on the WhatsApp field before the message above it is drawn; once it is, it is scrolled into view
  // too, or a phone shows the fields without saying what is wrong with them.
  const { submitCount } = formState;
  useEffect(() => {
    const focused = document.activeElement?.getAttribute('name');
    if (contactError && focused === 'contactInfo.whatsapp') {
      contactErrorElement.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [contactError, submitCount]);

  function bindText(name: TextFieldName) {
    return bindField(form, name, {
      clears: contactError && name.startsWith('contactInfo.') ? CONTACT_ERROR : name,
    });
  }

  function bindContact(name: TextFieldName & `contactInfo.${string}`) {
    const bound = bindText(name);
    return contactError
      ? { ...bound, 'aria-invalid': true as const, 'aria-describedby': contactErrorId }
      : bound;
  }

  async function onValid(data: ProductData): Promise<void> {
    try {
      const answer = product ? await update.mutateAsync(data) : await create.mutateAsync(data);
      onAllowLeave();
      toast.success(product ? PRODUCT_FORM_MESSAGES.updated : PRODUCT_FORM_MESSAGES.created);
      navigate(paths.product.getHref(answer.product.id));
    } catch (error) {
      setError(SERVER_ERROR, { message: getErrorMessage(error) });
    }
  }

  /** Photos take focus for their error, and the contact section's error takes it to its first field. */
  function toFocus(messages: Record<string, string | undefined>) {
    return {
      ...messages,
      images: messages[IMAGES_ERROR],
      'contactInfo.whatsapp': messages['contactInfo.whatsapp'] ?? messages[CONTACT_ERROR],
    };
  }

  let submitLabel = product ? 'Save Changes' : 'Publish Product';
  if (images.isUploading) submitLabel = 'Uploading photos...';
  if (saving) submitLabel = product ? 'Saving...' : 'Publishing...';

  return (
    <Form
      form={form}
      onValid={onValid}
      blocked={saving || images.isUploading}
      toFocus={toFocus}
      className="flex flex-col gap-4 sm:gap-6"
      aria-label={product ? 'Edit product' : 'Create product'}
    >
      <FormSection title="Photos" description="Clear photos in good light sell faster.">
        <ProductFormImages images={images} error={formState.errors.root?.images?.message} />
      </FormSection>

      <FormSection title="Details">
        <TextField
          label="Product name"
          autoComplete="off"
          maxLength={PRODUCT_NAME_MAX_LENGTH}
          placeholder="e.g. Hand-block printed cotton kurta"
          {...bindText('name')}
        />
        <TextAreaField
          label="Description"
          rows={6}
          placeholder="Material, size, colour, care, what is in the box..."
          hint={
            <span
              className={
                description.length > PRODUCT_DESCRIPTION_MAX_LENGTH
                  ? 'font-semibold text-rani-700 dark:text-rani-400'
                  : undefined
              }
            >
              {`${description.length} / ${PRODUCT_DESCRIPTION_MAX_LENGTH} characters`}
            </span>
          }
          {...bindText('description')}
        />
      </FormSection>

      <FormSection title="Price">
        <div className="grid grid-cols-2 gap-3 sm:gap-5">
          <TextField
            label="Price"
            inputMode="decimal"
            autoComplete="off"
            leading="₹"
            placeholder="0"
            {...bindText('price')}
          />
          <TextField
            label="Discount"
            inputMode="decimal"
            autoComplete="off"
            trailing={<span className="pr-3 font-semibold text-ink-muted">%</span>}
            placeholder="0"
            {...bindText('discount')}
          />
        </div>
        <PricePreview price={price} discount={discount} />
      </FormSection>

      <FormSection title="Category" description="Where shoppers will find it in the shop.">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Category"
            {...bindField(form, 'category', { onChange: () => form.setValue('subcategory', '') })}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Subcategory"
            disabled={!category}
            hint={category ? 'Optional, but it helps shoppers narrow down.' : 'Choose a category first.'}
            {...register('subcategory')}
          >
            <option value="">{category ? `All of ${category}` : 'None'}</option>
            {(category ? CATEGORY_TREE[category] : []).map((subcategory) => (
              <option key={subcategory} value={subcategory}>
                {subcategory}
              </option>
            ))}
          </SelectField>
        </div>
        <ControlledField<ProductFormValues, 'tags'>
          name="tags"
          render={({ value, error, onChange }) => (
            <ProductFormTags tags={value} error={error} onChange={onChange} />
          )}
        />
      </FormSection>

      <FormSection
        title="How shoppers reach you"
        description="Shown on the product's Contact Shop Star dialog. Fill in the ones you use."
      >
        {contactError ? (
          <p
            ref={contactErrorElement}
            id={contactErrorId}
            role="alert"
            className="flex scroll-mt-24 items-start gap-2 rounded-xl border border-rani-600/30 bg-rani-600/10 px-3 py-2.5 text-sm font-medium text-rani-700 dark:text-rani-400"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {contactError}
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          {PHONE_FIELDS.map(({ name, label }) => (
            <TextField
              key={name}
              label={label}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="98765 43210"
              {...bindContact(name)}
            />
          ))}
        </div>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.in"
          {...bindContact('contactInfo.email')}
        />
      </FormSection>

      <FormSection title="Store links">
        <ProductFormLinks />
      </FormSection>

      <FormError message={formState.errors.root?.server?.message ?? null} />
      <FormActions
        cancelTo={product ? paths.product.getHref(product.id) : paths.dashboard.getHref()}
        submitLabel={submitLabel}
        disabled={saving || images.isUploading}
        danger={product ? <DeleteProductButton product={product} onAllowLeave={onAllowLeave} /> : null}
        submitClassName="sm:min-w-48"
      />
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}
