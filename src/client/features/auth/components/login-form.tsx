import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { SignInBodySchema } from '../../../../shared/contracts/auth.ts';
import { PASSWORD_RESET_MESSAGES } from '../../../../shared/messages.ts';
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

const resolveSignIn = resolveWithMessages(SignInBodySchema, {
  email: EMAIL_MESSAGE,
  password: 'Enter your password.',
});

/** E-mail and password sign-in. On success the guest-only route sends the user back where they came from. */
export function LoginForm({ returnPath }: { returnPath: string }) {
  const { signInWithPassword } = useAuth();
  const form = useForm({
    ...FORM_OPTIONS,
    defaultValues: { email: '', password: '' },
    resolver: resolveSignIn,
  });
  const { formState } = form;
  // Stays busy after a sign-in, until the route has moved on.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  return (
    <Form
      form={form}
      onValid={async (body) => {
        try {
          await signInWithPassword(body);
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
