import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { normalizeUsername } from '../../../../shared/contracts/auth.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../../../shared/constants.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useUsernameCheck } from '../api/check-username.ts';
import { ExternalSignInButton } from './external-sign-in-button.tsx';
import { FormError } from './form-error.tsx';
import { PasswordField } from './password-field.tsx';

// PRODUCT-DECISIONS.md: lowercase letters, digits, '.', '_' and '-'.
const USERNAME_PATTERN = `[a-z0-9._\\-]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}`;

export function RegisterForm({ returnPath }: { returnPath: string }) {
  const { signUpWithPassword } = useAuth();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const check = useUsernameCheck(username);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (check && !check.available) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await signUpWithPassword({
        fullName: String(form.get('fullName')).trim(),
        username,
        email: String(form.get('email')).trim(),
        password: String(form.get('password')),
      });
    } catch (caught) {
      setError(getErrorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <TextField label="Full name" name="fullName" autoComplete="name" required maxLength={100} />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        onChange={(event) => setUsername(normalizeUsername(event.target.value))}
        pattern={USERNAME_PATTERN}
        minLength={USERNAME_MIN_LENGTH}
        maxLength={USERNAME_MAX_LENGTH}
        hint={`${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: lowercase letters, digits, dots, hyphens and underscores. Your shop lives at /shopstar/${username || 'username'}.`}
      />
      {check ? (
        <p
          role="status"
          className={`-mt-3 text-sm font-medium ${check.available ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400'}`}
        >
          {check.message}
        </p>
      ) : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" required />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormError message={error} />
      <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
      <ExternalSignInButton />
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
