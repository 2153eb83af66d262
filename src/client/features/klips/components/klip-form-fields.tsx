// The klip's words and its product, the same on Create Klip and Edit Klip: title (required), description, tags
// and the featured product, inside the page's react-hook-form.
import { useFormContext, useWatch } from 'react-hook-form';
import { KLIP_DESCRIPTION_MAX_LENGTH, KLIP_TITLE_MAX_LENGTH } from '../../../../shared/constants.ts';
import { bindField, ControlledField } from '../../../components/ui/form-bindings.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import type { KlipFormSlots } from '../klip-form-slots.ts';
import type { KlipFormData, KlipFormValues } from '../klip-form-values.ts';

export function KlipFormFields({ slots }: { slots: KlipFormSlots }) {
  const form = useFormContext<KlipFormValues, unknown, KlipFormData>();
  const description = useWatch({ control: form.control, name: 'description' });
  const { TagInput, ProductPicker } = slots;

  return (
    <>
      <FormSection title="Details">
        <TextField
          label="Title"
          autoComplete="off"
          maxLength={KLIP_TITLE_MAX_LENGTH}
          placeholder="e.g. How I style this kurta for Diwali"
          {...bindField(form, 'title')}
        />
        <TextAreaField
          label="Description"
          rows={4}
          maxLength={KLIP_DESCRIPTION_MAX_LENGTH}
          placeholder="What the klip shows, and why shoppers will love it"
          hint={`${description.length} / ${KLIP_DESCRIPTION_MAX_LENGTH} characters`}
          {...bindField(form, 'description')}
        />
        <ControlledField<KlipFormValues, 'tags'>
          name="tags"
          render={({ value, error, onChange }) => <TagInput tags={value} error={error} onChange={onChange} />}
        />
      </FormSection>
      <FormSection
        title="Featured product"
        description="Optional. One of your products, shown on the klip so shoppers can add it to their Loot Box."
      >
        <ControlledField<KlipFormValues, 'productId'>
          name="productId"
          render={({ value, error, onChange }) => (
            <ProductPicker productId={value} error={error} onChange={onChange} />
          )}
        />
      </FormSection>
    </>
  );
}
