import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { PasswordResetConfirmBodySchema } from '../../../../shared/contracts/auth.ts';
import { PASSWORD_RESET_MESSAGES } from '../../../../shared/auth-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getAuthErrorMessage } from '../../../lib/auth.ts';
import { resolveWithMessages } from '../../../lib/field-errors.ts';
import { confirmPasswordReset } from '../api/password-reset.ts';
import { NEW_PASSWORD_MESSAGE, NewPasswordField } from './auth-fields.tsx';
import { toast } from '../../../lib/toast.ts';

/** The server's password rule; the confirmation is compared only once the password itself passes. */
const ResetPasswordFormSchema = z
  .object({ password: PasswordResetConfirmBodySchema.shape.password, confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    when: ({ issues }) => issues.length === 0,
  });

const resolveResetPassword = resolveWithMessages(ResetPasswordFormSchema, {
  password: NEW_PASSWORD_MESSAGE,
  confirmPassword: PASSWORD_RESET_MESSAGES.passwordsDiffer,
});

const askAgainLink = (
  <Link
    to={paths.auth.forgotPassword.getHref()}
    className="self-center text-sm font-semibold text-brand-ink hover:underline"
  >
    {PASSWORD_RESET_MESSAGES.askAgain}
  </Link>
);

/**
 * Sets a new password with the token of a reset link (decision 0045). The password follows the sign-up rules; on
 * success every session of the account has ended, and the person signs in with the new password.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const form = useForm({
    ...FORM_OPTIONS,
    defaultValues: { password: '', confirmPassword: '' },
    resolver: resolveResetPassword,
  });
  const { formState } = form;
  const [linkDead, setLinkDead] = useState(false);
  // Stays busy after the save, until the sign-in page has replaced this one.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;

  if (!token) {
    return (
      <div className="flex flex-col gap-5">
        <FormError message={PASSWORD_RESET_MESSAGES.linkIncomplete} />
        {askAgainLink}
      </div>
    );
  }

  return (
    <Form
      form={form}
      onValid={async ({ password }) => {
        try {
          await confirmPasswordReset({ token, password });
          toast.success(PASSWORD_RESET_MESSAGES.done, { id: 'password-reset' });
          await navigate(paths.auth.login.getHref(), { replace: true });
        } catch (caught) {
          setLinkDead(caught instanceof ApiError && caught.code === 'auth/invalid-action-code');
          form.setError(SERVER_ERROR, { message: getAuthErrorMessage(caught) });
        }
      }}
      className="flex flex-col gap-5"
    >
      <NewPasswordField label={PASSWORD_RESET_MESSAGES.newPassword} {...bindField(form, 'password')} />
      <NewPasswordField
        label={PASSWORD_RESET_MESSAGES.confirmPassword}
        hinted={false}
        {...bindField(form, 'confirmPassword')}
      />
      <FormError message={formState.errors.root?.server?.message ?? null} />
      {linkDead ? askAgainLink : null}
      <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={busy || linkDead}>
        {busy ? PASSWORD_RESET_MESSAGES.saving : PASSWORD_RESET_MESSAGES.save}
      </button>
      <p className="text-center text-sm text-ink-muted">
        <Link to={paths.auth.login.getHref()} className="font-semibold text-brand-ink hover:underline">
          {PASSWORD_RESET_MESSAGES.backToSignIn}
        </Link>
      </p>
    </Form>
  );
}
