// Every form of the app on react-hook-form, the same way (decision 0060): checked on submit only, focus on the
// first invalid field in page order, a submit ignored while a save runs, and a form-level error for a refused save.
import type { ComponentProps, FormEvent } from 'react';
import {
  FormProvider,
  type FieldValues,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { flattenFieldErrors, focusFirstInvalid, type FieldErrors } from '../../lib/field-errors.ts';

/** A save the server refused: a form-level error, shown above the buttons until the next submit. */
export const SERVER_ERROR = 'root.server';

/**
 * The options every form passes to useForm: fields are checked on submit only (editing a field takes its error
 * away, see bindField, rather than checking it again as the person types), and focus is left to Form.
 */
export const FORM_OPTIONS = {
  mode: 'onSubmit',
  reValidateMode: 'onSubmit',
  shouldFocusError: false,
} as const satisfies UseFormProps;

export function Form<Values extends FieldValues, Context, Data extends FieldValues>({
  form,
  onValid,
  blocked = false,
  onBlocked,
  toFocus,
  children,
  ...formProps
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  form: UseFormReturn<Values, Context, Data>;
  onValid: SubmitHandler<Data>;
  /** While a save or an upload runs a submit does nothing but call onBlocked. */
  blocked?: boolean;
  onBlocked?: () => void;
  /** Which inputs the invalid fields' messages point to, when that is not the field itself (a section's error). */
  toFocus?: (messages: FieldErrors<string>) => FieldErrors<string>;
}) {
  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    if (blocked) {
      event.preventDefault();
      onBlocked?.();
      return;
    }
    const element = event.currentTarget;
    void form.handleSubmit(onValid, (errors) => {
      const messages = flattenFieldErrors(errors);
      focusFirstInvalid(element, toFocus ? toFocus(messages) : messages);
    })(event);
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} {...formProps}>
        {children}
      </form>
    </FormProvider>
  );
}
