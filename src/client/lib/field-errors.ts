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
 * One sentence per invalid field of a nested form, keyed by the name of its input. A top-level field with a
 * sentence in `messages` gets that sentence, whatever inside it is wrong ('tags'); any other field is keyed by
 * its dotted path ('contactInfo.email', 'externalLinks.0.url') and gets the schema's own message, which is the
 * spec's text where the spec gives one.
 */
export function findNestedFieldErrors(
  error: z.ZodError,
  messages: Partial<Record<string, string>>,
): FieldErrors<string> {
  const errors: FieldErrors<string> = {};
  for (const issue of error.issues) {
    const top = String(issue.path[0]);
    const own = messages[top];
    if (own) errors[top] ??= own;
    else errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}

/** Moves focus to the first field (in page order) with an error, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors<string>): void {
  const first = Array.from(form.elements).find(
    (element) => 'name' in element && typeof element.name === 'string' && errors[element.name],
  );
  if (first instanceof HTMLElement) first.focus();
}
