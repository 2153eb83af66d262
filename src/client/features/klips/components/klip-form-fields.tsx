// The klip's words and its product, the same on Create Klip and Edit Klip: title (required), description, tags
// and the featured product, inside the page's react-hook-form.
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { KLIP_DESCRIPTION_MAX_LENGTH, KLIP_TITLE_MAX_LENGTH } from '../../../../shared/constants.ts';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import type { KlipFormSlots } from '../klip-form-slots.ts';
import type { KlipFormData, KlipFormValues } from '../klip-form-values.ts';

export function KlipFormFields({ slots }: { slots: KlipFormSlots }) {
  const { control, register, clearErrors, getFieldState, formState } = useFormContext<
    KlipFormValues,
    unknown,
    KlipFormData
  >();
  const description = useWatch({ control, name: 'description' });
  const { TagInput, ProductPicker } = slots;

  function bindText(name: 'title' | 'description') {
    return {
      ...register(name, { onChange: () => clearErrors(name) }),
      error: getFieldState(name, formState).error?.message,
    };
  }

  return (
    <>
      <FormSection title="Details">
        <TextField
          label="Title"
          autoComplete="off"
          maxLength={KLIP_TITLE_MAX_LENGTH}
          placeholder="e.g. How I style this kurta for Diwali"
          {...bindText('title')}
        />
        <TextAreaField
          label="Description"
          rows={4}
          maxLength={KLIP_DESCRIPTION_MAX_LENGTH}
          placeholder="What the klip shows, and why shoppers will love it"
          hint={`${description.length} / ${KLIP_DESCRIPTION_MAX_LENGTH} characters`}
          {...bindText('description')}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagInput
              tags={field.value}
              error={fieldState.error?.message}
              onChange={(tags) => {
                field.onChange(tags);
                clearErrors('tags');
              }}
            />
          )}
        />
      </FormSection>
      <FormSection
        title="Featured product"
        description="Optional. One of your products, shown on the klip so shoppers can add it to their Loot Box."
      >
        <Controller
          control={control}
          name="productId"
          render={({ field, fieldState }) => (
            <ProductPicker
              productId={field.value}
              error={fieldState.error?.message}
              onChange={(productId) => {
                field.onChange(productId);
                clearErrors('productId');
              }}
            />
          )}
        />
      </FormSection>
    </>
  );
}
