// Forms validate with the same zod schemas as the server (src/shared/contracts) and say what is wrong next to
// each field, in words rather than zod's.
import type { z } from 'zod';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** One sentence per invalid field, in the order of `messages` (the order of the form). */
export function findFieldErrors<Field extends string>(
  error: z.ZodError,
  messages: Record<Field, string>,
): FieldErrors<Field> {
  const invalid = new Set(error.issues.map((issue) => issue.path[0]));
  const errors: FieldErrors<Field> = {};
  for (const field of Object.keys(messages) as Field[]) {
    if (invalid.has(field)) errors[field] = messages[field];
  }
  return errors;
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
