import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SignInBodySchema } from '../../../../shared/contracts/auth.ts';
import { AUTH_ERROR_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { getAuthErrorMessage, useAuth } from '../../../lib/auth.ts';
import { findFieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/field-errors.ts';
import { ExternalSignInButton } from './external-sign-in-button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { PasswordField } from './password-field.tsx';

// In the order of the form.
const FIELD_MESSAGES = {
  email: AUTH_ERROR_MESSAGES['auth/invalid-email']!,
  password: 'Enter your password.',
};
type Field = keyof typeof FIELD_MESSAGES;

/** E-mail and password sign-in. On success the guest-only route sends the user back where they came from. */
export function LoginForm({ returnPath }: { returnPath: string }) {
  const { signInWithPassword } = useAuth();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = SignInBodySchema.safeParse({
      email: String(data.get('email')),
      password: String(data.get('password')),
    });
    const errors = parsed.success ? {} : findFieldErrors(parsed.error, FIELD_MESSAGES);
    setFieldErrors(errors);
    setError(null);
    if (!parsed.success) {
      focusFirstInvalid(form, errors);
      return;
    }
    setBusy(true);
    try {
      await signInWithPassword(parsed.data);
    } catch (caught) {
      setError(getAuthErrorMessage(caught));
      setBusy(false);
    }
  }

  /** Editing a field takes its error away; the next submit checks again. */
  function onFieldChange(target: EventTarget): void {
    if (!(target instanceof HTMLInputElement)) return;
    const { name } = target;
    setFieldErrors((errors) => (name in errors ? { ...errors, [name]: undefined } : errors));
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onChange={(event) => onFieldChange(event.target)}
      className="flex flex-col gap-5"
      noValidate
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldErrors.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        error={fieldErrors.password}
      />
      <Link
        to={paths.auth.forgotPassword.getHref()}
        className="-mt-3 self-end rounded text-sm font-semibold text-brand-ink hover:underline"
      >
        {PASSWORD_RESET_MESSAGES.forgotLink}
      </Link>
      <FormError message={error} />
      <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <ExternalSignInButton />
      <p className="text-center text-sm text-ink-muted">
        New to Lootklip?{' '}
        <Link
          to={paths.auth.register.getHref(returnPath)}
          className="font-semibold text-brand-ink hover:underline"
        >
          Create Account
        </Link>
      </p>
    </form>
  );
}
