import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordResetRequestBodySchema } from '../../../../shared/contracts/auth.ts';
import { PASSWORD_RESET_TTL_MS } from '../../../../shared/constants.ts';
import { PASSWORD_RESET_MESSAGES } from '../../../../shared/auth-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { paths } from '../../../config/paths.ts';
import { getAuthErrorMessage } from '../../../lib/auth.ts';
import { resolveWithMessages } from '../../../lib/field-errors.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { EMAIL_MESSAGE, EmailField } from './auth-fields.tsx';

const resolveResetRequest = resolveWithMessages(PasswordResetRequestBodySchema, { email: EMAIL_MESSAGE });

/**
 * Asks for a reset link (decision 0045). Once the server has answered, the same confirmation shows whatever the
 * e-mail: the server's answer never says whether it has an account, and neither does this page.
 */
export function ForgotPasswordForm() {
  const form = useForm({ ...FORM_OPTIONS, defaultValues: { email: '' }, resolver: resolveResetRequest });
  const { formState } = form;
  const sent = formState.isSubmitSuccessful;
  const confirmation = useRef<HTMLDivElement>(null);
  // The form is gone: keyboard and screen-reader users land on what replaced it.
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

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
    <Form
      form={form}
      onValid={async (body) => {
        try {
          await requestPasswordReset(body);
        } catch (caught) {
          form.setError(SERVER_ERROR, { message: getAuthErrorMessage(caught) });
        }
      }}
      className="flex flex-col gap-5"
    >
      <EmailField {...bindField(form, 'email')} />
      <FormError message={formState.errors.root?.server?.message ?? null} />
      <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? PASSWORD_RESET_MESSAGES.sending : PASSWORD_RESET_MESSAGES.send}
      </button>
      <p className="text-center text-sm text-ink-muted">
        {PASSWORD_RESET_MESSAGES.remembered}{' '}
        <Link to={paths.auth.login.getHref()} className="font-semibold text-brand-ink hover:underline">
          {PASSWORD_RESET_MESSAGES.backToSignIn}
        </Link>
      </p>
    </Form>
  );
}
