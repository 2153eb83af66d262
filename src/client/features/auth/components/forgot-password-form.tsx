import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PasswordResetRequestBodySchema } from '../../../../shared/contracts/auth.ts';
import { PASSWORD_RESET_TTL_MS } from '../../../../shared/constants.ts';
import { AUTH_ERROR_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { getAuthErrorMessage } from '../../../lib/auth.ts';
import { focusFirstInvalid } from '../../../lib/field-errors.ts';
import { requestPasswordReset } from '../api/password-reset.ts';

const EMAIL_MESSAGE = AUTH_ERROR_MESSAGES['auth/invalid-email']!;

/**
 * Asks for a reset link (decision 0045). Once the server has answered, the same confirmation shows whatever the
 * e-mail: the server's answer never says whether it has an account, and neither does this page.
 */
export function ForgotPasswordForm() {
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  // The form is gone: keyboard and screen-reader users land on what replaced it.
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = PasswordResetRequestBodySchema.safeParse({
      email: String(new FormData(form).get('email')),
    });
    setError(null);
    if (!parsed.success) {
      setEmailError(EMAIL_MESSAGE);
      focusFirstInvalid(form, { email: EMAIL_MESSAGE });
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data);
      setSent(true);
    } catch (caught) {
      setError(getAuthErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="flex flex-col gap-5">
        <div
          ref={confirmation}
          tabIndex={-1}
          role="status"
          className="flex items-start gap-3 rounded-xl border border-emerald-600/30 bg-emerald-600/10 px-4 py-3 text-emerald-800 focus:outline-none dark:text-emerald-300"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{PASSWORD_RESET_MESSAGES.requested}</p>
            <p className="mt-1 text-sm">
              {PASSWORD_RESET_MESSAGES.requestedHint(PASSWORD_RESET_TTL_MS / 60_000)}
            </p>
          </div>
        </div>
        <Link to={paths.auth.login.getHref()} className={getButtonClass({ size: 'lg' })}>
          {PASSWORD_RESET_MESSAGES.backToSignIn}
        </Link>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onChange={() => setEmailError(null)}
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
        error={emailError}
      />
      <FormError message={error} />
      <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={busy}>
        {busy ? PASSWORD_RESET_MESSAGES.sending : PASSWORD_RESET_MESSAGES.send}
      </button>
      <p className="text-center text-sm text-ink-muted">
        {PASSWORD_RESET_MESSAGES.remembered}{' '}
        <Link to={paths.auth.login.getHref()} className="font-semibold text-brand-ink hover:underline">
          {PASSWORD_RESET_MESSAGES.backToSignIn}
        </Link>
      </p>
    </form>
  );
}
