// Forms validate with the same zod schemas as the server (src/shared/contracts) and say what is wrong next to
// each field, in words rather than zod's.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * A react-hook-form resolver over a zod schema that says what is wrong with each field in the form's own sentence,
 * whatever zod found (`messages`, by field name); a field without one keeps zod's message.
 */
export function resolveWithMessages<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  messages: Partial<Record<keyof z.input<Schema> & string, string>>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema) as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [name, error] of Object.entries(result.errors)) {
      const message = messages[name as keyof typeof messages];
      if (message && error) error.message = message;
    }
    return result;
  };
}

/**
 * The messages of a react-hook-form error tree keyed by the path of their field: 'name', 'contactInfo.email',
 * 'externalLinks.0.url', 'root.images'. The path of an input's error is its name, which is how focusFirstInvalid
 * finds it.
 */
export function flattenFieldErrors(errors: object, prefix = ''): FieldErrors<string> {
  const flat: FieldErrors<string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (value === null || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    // A FieldError (type, message, the input's element as ref) ends the branch; anything else holds more.
    if ('type' in value) flat[path] = 'message' in value ? String(value.message) : '';
    else Object.assign(flat, flattenFieldErrors(value, path));
  }
  return flat;
}

/** Moves focus to the first field (in page order) with an error, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors<string>): void {
  const first = Array.from(form.elements).find(
    (element) => 'name' in element && typeof element.name === 'string' && errors[element.name],
  );
  if (first instanceof HTMLElement) first.focus();
}
