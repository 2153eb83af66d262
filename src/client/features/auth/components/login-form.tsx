import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { ExternalSignInButton } from './external-sign-in-button.tsx';
import { FormError } from './form-error.tsx';
import { PasswordField } from './password-field.tsx';

/** E-mail and password sign-in. On success the guest-only route sends the user back where they came from. */
export function LoginForm({ returnPath }: { returnPath: string }) {
  const { signInWithPassword } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await signInWithPassword({
        email: String(form.get('email')).trim(),
        password: String(form.get('password')),
      });
    } catch (caught) {
      setError(getErrorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5" noValidate={false}>
      <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" required />
      <PasswordField label="Password" name="password" autoComplete="current-password" required />
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
