// How a field of the field set (text-field.tsx) joins a react-hook-form form (decision 0060): registered by its
// name, its error shown at it, and editing it takes that error away until the next submit checks again.
import type { ReactElement } from 'react';
import {
  Controller,
  useFormContext,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';

type FieldMethods<Values extends FieldValues> = Pick<
  UseFormReturn<Values>,
  'register' | 'clearErrors' | 'getFieldState' | 'formState'
>;

/** Props for a TextField, TextAreaField or SelectField: its registration and its error. */
export function bindField<Values extends FieldValues>(
  form: FieldMethods<Values>,
  name: FieldPath<Values>,
  options: {
    /** The error an edit answers, when it is not the field's own (a section's error). */
    clears?: FieldPath<Values> | `root.${string}`;
    onChange?: (event: { target: { value: string } }) => void;
    onBlur?: ((event: { target: { value: string } }) => void) | undefined;
  } = {},
) {
  return {
    ...form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        form.clearErrors(options.clears ?? name);
        options.onChange?.(event);
      },
      onBlur: options.onBlur,
    }),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}

/**
 * A field that is not an input (tags, a product picker) inside the page's form: its value, its error, and a change
 * that takes the error away.
 */
export function ControlledField<Values extends FieldValues, Name extends FieldPath<Values>>({
  name,
  render,
}: {
  name: Name;
  render: (field: {
    value: FieldPathValue<Values, Name>;
    error: string | undefined;
    onChange: (value: FieldPathValue<Values, Name>) => void;
  }) => ReactElement;
}) {
  const { control, clearErrors } = useFormContext<Values>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) =>
        render({
          value: field.value,
          error: fieldState.error?.message,
          onChange: (value) => {
            field.onChange(value);
            clearErrors(name);
          },
        })
      }
    />
  );
}
