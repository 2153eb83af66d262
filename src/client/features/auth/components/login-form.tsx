import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { SignInBodySchema } from '../../../../shared/contracts/auth.ts';
import { PASSWORD_RESET_MESSAGES } from '../../../../shared/auth-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { paths } from '../../../config/paths.ts';
import { getAuthErrorMessage, useAuth } from '../../../lib/auth.ts';
import { resolveWithMessages } from '../../../lib/field-errors.ts';
import { EMAIL_MESSAGE, EmailField } from './auth-fields.tsx';
import { ExternalSignInButton } from './external-sign-in-button.tsx';
import { PasswordField } from './password-field.tsx';

// Only accounts with two-factor on reach the second step: its code loads then.
const TwoFactorStep = lazy(() =>
  import('./two-factor-step.tsx').then((module) => ({ default: module.TwoFactorStep })),
);

const resolveSignIn = resolveWithMessages(SignInBodySchema, {
  email: EMAIL_MESSAGE,
  password: 'Enter your password.',
});

/**
 * E-mail and password sign-in, then the two-factor code for an account that has it on (decision 0075). On success
 * the guest-only route sends the user back where they came from.
 */
export function LoginForm({ returnPath }: { returnPath: string }) {
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restartError, setRestartError] = useState<string | null>(null);
  // Remounted when the second step sends the person back, so the password form starts afresh.
  const [attempt, setAttempt] = useState(0);
  if (challenge) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          challenge={challenge}
          onRestart={(message) => {
            setRestartError(message || null);
            setChallenge(null);
            setAttempt((count) => count + 1);
          }}
        />
      </Suspense>
    );
  }
  return (
    <PasswordStep
      key={attempt}
      returnPath={returnPath}
      initialError={restartError}
      onChallenge={(next) => {
        setRestartError(null);
        setChallenge(next);
      }}
    />
  );
}

function PasswordStep({
  returnPath,
  initialError,
  onChallenge,
}: {
  returnPath: string;
  initialError: string | null;
  onChallenge: (challenge: string) => void;
}) {
  const { signInWithPassword } = useAuth();
  const form = useForm({
    ...FORM_OPTIONS,
    defaultValues: { email: '', password: '' },
    resolver: resolveSignIn,
  });
  useEffect(() => {
    if (initialError) form.setError(SERVER_ERROR, { message: initialError });
  }, [form, initialError]);
  const { formState } = form;
  // Stays busy after a sign-in, until the route has moved on.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  return (
    <Form
      form={form}
      onValid={async (body) => {
        try {
          const result = await signInWithPassword(body);
          if ('twoFactorRequired' in result) onChallenge(result.challenge);
        } catch (caught) {
          form.setError(SERVER_ERROR, { message: getAuthErrorMessage(caught) });
        }
      }}
      className="flex flex-col gap-5"
    >
      <EmailField {...bindField(form, 'email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        required
        {...bindField(form, 'password')}
      />
      <Link
        to={paths.auth.forgotPassword.getHref()}
        className="-mt-3 self-end rounded text-sm font-semibold text-brand-ink hover:underline"
      >
        {PASSWORD_RESET_MESSAGES.forgotLink}
      </Link>
      <FormError message={formState.errors.root?.server?.message ?? null} />
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
    </Form>
  );
}
