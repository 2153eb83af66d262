import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flattenFieldErrors, focusFirstInvalid, resolveWithMessages } from './field-errors.ts';

describe('flattenFieldErrors', () => {
  it('keys each message by the path of its field, through objects, arrays and form-level errors', () => {
    const input = document.createElement('input');
    const errors = {
      name: { type: 'too_small', message: 'Enter the name.', ref: input },
      contactInfo: { email: { type: 'custom', message: 'Invalid email address' } },
      externalLinks: [undefined, { url: { type: 'custom', message: 'Invalid link' } }],
      root: { images: { type: 'upload', message: 'Some photos did not upload.' } },
    };
    expect(flattenFieldErrors(errors)).toEqual({
      name: 'Enter the name.',
      'contactInfo.email': 'Invalid email address',
      'externalLinks.1.url': 'Invalid link',
      'root.images': 'Some photos did not upload.',
    });
  });

  it('gives an empty map when nothing is wrong', () => {
    expect(flattenFieldErrors({})).toEqual({});
  });
});

describe('focusFirstInvalid', () => {
  it('focuses the first invalid input in page order, whatever the order of the errors', () => {
    const form = document.createElement('form');
    form.innerHTML = '<input name="name"><input name="contactInfo.email"><input name="externalLinks.0.url">';
    document.body.append(form);
    focusFirstInvalid(form, { 'externalLinks.0.url': 'Invalid link', 'contactInfo.email': 'Invalid email' });
    expect(document.activeElement).toBe(form.elements.namedItem('contactInfo.email'));
    form.remove();
  });
});

describe('resolveWithMessages', () => {
  const resolve = resolveWithMessages(
    z.object({ email: z.string().trim().pipe(z.email()), name: z.string().min(1), note: z.string().max(3) }),
    { email: 'Enter a valid e-mail address.', name: 'Enter your name.' },
  );
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it('says what is wrong with each field in the form’s words, or zod’s where it has none', async () => {
    const { errors } = await resolve({ email: 'asha@', name: '', note: 'long' }, undefined, options);
    expect(errors.email?.message).toBe('Enter a valid e-mail address.');
    expect(errors.name?.message).toBe('Enter your name.');
    expect(errors.note?.message).toMatch(/3/);
  });

  it('gives the schema’s output when every field passes', async () => {
    const result = await resolve({ email: ' asha@example.in ', name: 'Asha', note: '' }, undefined, options);
    expect(result).toEqual({ values: { email: 'asha@example.in', name: 'Asha', note: '' }, errors: {} });
  });
});
