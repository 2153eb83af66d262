import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { PasswordResetConfirmBodySchema } from '../../../../shared/contracts/auth.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/constants.ts';
import { PASSWORD_RESET_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getAuthErrorMessage } from '../../../lib/auth.ts';
import { focusFirstInvalid, type FieldErrors } from '../../../lib/field-errors.ts';
import { confirmPasswordReset } from '../api/password-reset.ts';
import { PasswordField } from './password-field.tsx';

// In the order of the form.
const FIELD_MESSAGES = {
  password: `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
  confirmPassword: PASSWORD_RESET_MESSAGES.passwordsDiffer,
};
type Field = keyof typeof FIELD_MESSAGES;

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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!token) {
    return (
      <div className="flex flex-col gap-5">
        <FormError message={PASSWORD_RESET_MESSAGES.linkIncomplete} />
        {askAgainLink}
      </div>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('password'));
    const parsed = PasswordResetConfirmBodySchema.safeParse({ token, password });
    const errors: FieldErrors<Field> = {};
    if (!parsed.success) errors.password = FIELD_MESSAGES.password;
    else if (String(data.get('confirmPassword')) !== password)
      errors.confirmPassword = FIELD_MESSAGES.confirmPassword;
    setFieldErrors(errors);
    setError(null);
    if (!parsed.success || errors.confirmPassword) {
      focusFirstInvalid(form, errors);
      return;
    }
    setBusy(true);
    try {
      await confirmPasswordReset(parsed.data);
      toast.success(PASSWORD_RESET_MESSAGES.done, { id: 'password-reset' });
      await navigate(paths.auth.login.getHref(), { replace: true });
    } catch (caught) {
      setLinkDead(caught instanceof ApiError && caught.code === 'auth/invalid-action-code');
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
      <PasswordField
        label={PASSWORD_RESET_MESSAGES.newPassword}
        name="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={fieldErrors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <PasswordField
        label={PASSWORD_RESET_MESSAGES.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={fieldErrors.confirmPassword}
      />
      <FormError message={error} />
      {linkDead ? askAgainLink : null}
      <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={busy || linkDead}>
        {busy ? PASSWORD_RESET_MESSAGES.saving : PASSWORD_RESET_MESSAGES.save}
      </button>
      <p className="text-center text-sm text-ink-muted">
        <Link to={paths.auth.login.getHref()} className="font-semibold text-brand-ink hover:underline">
          {PASSWORD_RESET_MESSAGES.backToSignIn}
        </Link>
      </p>
    </form>
  );
}
