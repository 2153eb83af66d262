import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { normalizeUsername, SignUpBodySchema } from '../../../../shared/contracts/auth.ts';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../../../../shared/constants.ts';
import { SIGN_UP_MESSAGES } from '../../../../shared/auth-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { getAuthErrorMessage, useAuth } from '../../../lib/auth.ts';
import { resolveWithMessages } from '../../../lib/field-errors.ts';
import { useUsernameCheck } from '../api/check-username.ts';
import { EMAIL_MESSAGE, EmailField, NEW_PASSWORD_MESSAGE, NewPasswordField } from './auth-fields.tsx';
import { ExternalSignInButton } from './external-sign-in-button.tsx';

const USERNAME_RULE = `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters: lowercase letters, digits, dots, hyphens and underscores.`;

const resolveSignUp = resolveWithMessages(SignUpBodySchema, {
  fullName: 'Enter your full name.',
  username: 'This username does not follow the rules below.',
  email: EMAIL_MESSAGE,
  password: NEW_PASSWORD_MESSAGE,
});

export function RegisterForm({ returnPath }: { returnPath: string }) {
  const { signUpWithPassword } = useAuth();
  const form = useForm({
    ...FORM_OPTIONS,
    defaultValues: { fullName: '', username: '', email: '', password: '' },
    resolver: resolveSignUp,
  });
  const { formState, setValue } = form;
  const username = useWatch({ control: form.control, name: 'username' });
  const check = useUsernameCheck(username);
  // Stays busy after a sign-up, until the route has moved on.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  return (
    <Form
      form={form}
      onValid={async (body) => {
        // A name the server has said is taken: its answer shows below the field already, so this error is only
        // for the form's state (the submit did not succeed) and is not shown again.
        if (check && !check.available) {
          form.setError('root.username', { type: 'taken', message: check.message });
          form.setFocus('username');
          return;
        }
        try {
          await signUpWithPassword(body);
        } catch (caught) {
          form.setError(SERVER_ERROR, { message: getAuthErrorMessage(caught) });
        }
      }}
      className="flex flex-col gap-5"
    >
      <TextField
        label="Full name"
        autoComplete="name"
        required
        maxLength={100}
        {...bindField(form, 'fullName')}
      />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={USERNAME_MAX_LENGTH}
        hint={`${USERNAME_RULE} Your shop lives at /shopstar/${username || 'username'}.`}
        {...bindField(form, 'username', {
          onChange: ({ target }) => {
            const normalized = normalizeUsername(target.value);
            if (normalized !== target.value) setValue('username', normalized);
          },
        })}
      />
      {/* Always mounted, so that each new answer is announced. */}
      <p
        role="status"
        className={`-mt-3 text-sm font-medium empty:hidden ${check?.available ? 'text-emerald-700 dark:text-emerald-400' : 'text-rani-700 dark:text-rani-400'}`}
      >
        {check?.message}
      </p>
      <EmailField {...bindField(form, 'email')} />
      <NewPasswordField label="Password" {...bindField(form, 'password')} />
      <FormError message={formState.errors.root?.server?.message ?? null} />
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
    </Form>
  );
}
