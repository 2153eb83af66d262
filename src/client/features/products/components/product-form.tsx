// The seller's product form, for Create Product (no product given) and Edit Product. It checks the fields with
// ProductInputSchema, the server's own schema, and says what is wrong by each field; photos upload as they are
// picked. A save goes to the product's page; leaving with unsaved changes asks first.
import { useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH } from '../../../../shared/constants.ts';
import type { ProductDetail } from '../../../../shared/contracts/products.ts';
import { CATEGORIES, CATEGORY_TREE, type Category } from '../../../../shared/domain/categories.ts';
import { PRODUCT_FORM_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { focusFirstInvalid, type FieldErrors } from '../../../lib/field-errors.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { useProductImages } from '../hooks/use-product-images.ts';
import {
  checkProductForm,
  EMPTY_PRODUCT_FORM,
  toProductFormValues,
  type ProductFormValues,
} from '../product-form-values.ts';
import { ProductFormImages } from './product-form-images.tsx';
import { ProductFormLinks } from './product-form-links.tsx';
import { PricePreview } from './product-form-price.tsx';
import { ProductFormTags } from './product-form-tags.tsx';

function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-3xl border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-ink-muted">{description}</p> : null}
      <div className="mt-4 flex flex-col gap-5">{children}</div>
    </section>
  );
}

/** Text fields that say which input they edit by name, so that errors and focus find them. */
type TextFieldName = 'name' | 'description' | 'price' | 'discount' | 'whatsapp' | 'phone' | 'email';

export function ProductForm({ product }: { product?: ProductDetail }) {
  const navigate = useNavigate();
  const [initial] = useState(() => (product ? toProductFormValues(product) : EMPTY_PRODUCT_FORM));
  const [values, setValues] = useState<ProductFormValues>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const images = useProductImages(product?.images ?? []);
  const create = useCreateProduct();
  const update = useUpdateProduct(product?.id ?? '');
  const saving = create.isPending || update.isPending;

  const initialImageIds = (product?.images ?? []).map((image) => image.id).join();
  const dirty =
    JSON.stringify(values) !== JSON.stringify(initial) ||
    images.slots.map((slot) => slot.image?.id ?? slot.key).join() !== initialImageIds;
  const { blocker, onAllowLeave } = useUnsavedChangesGuard(dirty);

  // A change to the photos (a retry, a removal) answers their error; the next submit checks again.
  const [seenSlots, setSeenSlots] = useState(images.slots);
  if (seenSlots !== images.slots) {
    setSeenSlots(images.slots);
    if (fieldErrors.images) setFieldErrors((errors) => ({ ...errors, images: undefined }));
  }

  function setField<Key extends keyof ProductFormValues>(key: Key, value: ProductFormValues[Key]): void {
    setValues((current) => ({ ...current, [key]: value }));
  }

  /** Editing a field takes its error away; the next submit checks again. */
  function clearError(name: string): void {
    setFieldErrors((errors) => (errors[name] ? { ...errors, [name]: undefined } : errors));
  }

  function bindText(key: TextFieldName, name: string = key) {
    return {
      name,
      value: values[key],
      error: fieldErrors[name],
      onChange: (event: { target: { value: string } }) => {
        setField(key, event.target.value);
        clearError(name);
      },
    };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    if (saving || images.isUploading) return;
    const checked = checkProductForm(values, images.imageIds);
    const errors = checked.success ? {} : { ...checked.errors };
    if (images.hasFailed) errors.images ??= PRODUCT_FORM_MESSAGES.imagesNotUploaded;
    setFieldErrors(errors);
    setFormError(null);
    if (!checked.success || images.hasFailed) {
      focusFirstInvalid(form, errors);
      return;
    }
    try {
      const answer = product
        ? await update.mutateAsync(checked.data)
        : await create.mutateAsync(checked.data);
      onAllowLeave();
      toast.success(product ? PRODUCT_FORM_MESSAGES.updated : PRODUCT_FORM_MESSAGES.created);
      navigate(paths.product.getHref(answer.product.id));
    } catch (error) {
      setFormError(getErrorMessage(error));
    }
  }

  let submitLabel = product ? 'Save Changes' : 'Publish Product';
  if (images.isUploading) submitLabel = 'Uploading photos...';
  if (saving) submitLabel = product ? 'Saving...' : 'Publishing...';

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 sm:gap-6"
      aria-label={product ? 'Edit product' : 'Create product'}
    >
      <FormSection title="Photos" description="Clear photos in good light sell faster.">
        <ProductFormImages images={images} error={fieldErrors.images} />
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
                values.description.length > PRODUCT_DESCRIPTION_MAX_LENGTH
                  ? 'font-semibold text-rani-700 dark:text-rani-400'
                  : undefined
              }
            >
              {`${values.description.length} / ${PRODUCT_DESCRIPTION_MAX_LENGTH} characters`}
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
        <PricePreview price={values.price} discount={values.discount} />
      </FormSection>

      <FormSection title="Category" description="Where shoppers will find it in the shop.">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Category"
            name="category"
            value={values.category}
            error={fieldErrors.category}
            onChange={(event) => {
              setValues((current) => ({
                ...current,
                category: event.target.value as Category | '',
                subcategory: '',
              }));
              clearError('category');
            }}
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
            name="subcategory"
            value={values.subcategory}
            disabled={!values.category}
            hint={
              values.category ? 'Optional, but it helps shoppers narrow down.' : 'Choose a category first.'
            }
            onChange={(event) => setField('subcategory', event.target.value)}
          >
            <option value="">{values.category ? `All of ${values.category}` : 'None'}</option>
            {(values.category ? CATEGORY_TREE[values.category] : []).map((subcategory) => (
              <option key={subcategory} value={subcategory}>
                {subcategory}
              </option>
            ))}
          </SelectField>
        </div>
        <ProductFormTags
          tags={values.tags}
          error={fieldErrors.tags}
          onChange={(tags) => {
            setField('tags', tags);
            clearError('tags');
          }}
        />
      </FormSection>

      <FormSection
        title="How shoppers reach you"
        description="Shown on the product's Contact Shop Star dialog. Fill in the ones you use."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="WhatsApp number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            {...bindText('whatsapp', 'contactInfo.whatsapp')}
          />
          <TextField
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            {...bindText('phone', 'contactInfo.phone')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.in"
          {...bindText('email', 'contactInfo.email')}
        />
      </FormSection>

      <FormSection title="Store links">
        <ProductFormLinks
          links={values.links}
          errors={fieldErrors}
          onChange={(links) => {
            setField('links', links);
            setFieldErrors((errors) =>
              Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('externalLinks.'))),
            );
          }}
        />
      </FormSection>

      <FormError message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link
          to={product ? paths.product.getHref(product.id) : paths.dashboard.getHref()}
          className={getButtonClass({ variant: 'secondary', size: 'lg' })}
        >
          Cancel
        </Link>
        <button
          type="submit"
          disabled={saving || images.isUploading}
          className={getButtonClass({ size: 'lg', className: 'sm:min-w-48' })}
        >
          {submitLabel}
        </button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
