import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { normalizeUsername, SignUpBodySchema } from '../../../../shared/contracts/auth.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../../../shared/constants.ts';
import { AUTH_ERROR_MESSAGES, SIGN_UP_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { getAuthErrorMessage, useAuth } from '../../../lib/auth.ts';
import { useUsernameCheck } from '../api/check-username.ts';
import { findFieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/field-errors.ts';
import { ExternalSignInButton } from './external-sign-in-button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { PasswordField } from './password-field.tsx';

const USERNAME_RULE = `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: lowercase letters, digits, dots, hyphens and underscores.`;

// In the order of the form.
const FIELD_MESSAGES = {
  fullName: 'Enter your full name.',
  username: 'This username does not follow the rules below.',
  email: AUTH_ERROR_MESSAGES['auth/invalid-email']!,
  password: `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
};
type Field = keyof typeof FIELD_MESSAGES;

export function RegisterForm({ returnPath }: { returnPath: string }) {
  const { signUpWithPassword } = useAuth();
  const [username, setUsername] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = useUsernameCheck(username);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = {
      fullName: String(data.get('fullName')),
      username,
      email: String(data.get('email')),
      password: String(data.get('password')),
    };
    const parsed = SignUpBodySchema.safeParse(input);
    const errors = parsed.success ? {} : findFieldErrors(parsed.error, FIELD_MESSAGES);
    setFieldErrors(errors);
    setError(null);
    if (!parsed.success) {
      focusFirstInvalid(form, errors);
      return;
    }
    if (check && !check.available) {
      focusFirstInvalid(form, { username: check.message });
      return;
    }
    setBusy(true);
    try {
      await signUpWithPassword(parsed.data);
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
        label="Full name"
        name="fullName"
        autoComplete="name"
        required
        maxLength={100}
        error={fieldErrors.fullName}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        onChange={(event) => setUsername(normalizeUsername(event.target.value))}
        maxLength={USERNAME_MAX_LENGTH}
        error={fieldErrors.username}
        hint={`${USERNAME_RULE} Your shop lives at /shopstar/${username || 'username'}.`}
      />
      {/* Always mounted, so that each new answer is announced. */}
      <p
        role="status"
        className={`-mt-3 text-sm font-medium empty:hidden ${check?.available ? 'text-emerald-700 dark:text-emerald-400' : 'text-rani-700 dark:text-rani-400'}`}
      >
        {check?.message}
      </p>
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
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={fieldErrors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormError message={error} />
      <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
      <ExternalSignInButton />
      <p className="text-center text-xs text-ink-muted">
        {SIGN_UP_MESSAGES.acceptBefore}{' '}
        <Link to={paths.terms.getHref()} className="font-semibold text-brand-ink hover:underline">
          {SIGN_UP_MESSAGES.terms}
        </Link>{' '}
        {SIGN_UP_MESSAGES.acceptBetween}{' '}
        <Link to={paths.privacy.getHref()} className="font-semibold text-brand-ink hover:underline">
          {SIGN_UP_MESSAGES.privacy}
        </Link>
        {SIGN_UP_MESSAGES.acceptAfter}
      </p>
      <p className="text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link
          to={paths.auth.login.getHref(returnPath)}
          className="font-semibold text-brand-ink hover:underline"
        >
          Sign In
        </Link>
      </p>
    </form>
  );
}
