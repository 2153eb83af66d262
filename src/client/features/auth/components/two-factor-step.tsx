// The second step of a sign-in for an account with two-factor on (decision 0075): a code from the authenticator
// app, or one of the recovery codes. Errors show in the sign-in's error style; an ended challenge goes back to the
// password step.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RecoveryCodeSchema, TwoFactorCodeSchema } from '../../../../shared/contracts/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '../../../../shared/two-factor-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getAuthErrorMessage, useAuth } from '../../../lib/auth.ts';
import { resolveWithMessages } from '../../../lib/field-errors.ts';

type Mode = 'code' | 'recovery';

const resolveCode = resolveWithMessages(z.object({ value: TwoFactorCodeSchema }), {
  value: TWO_FACTOR_MESSAGES.codeHint,
});
const resolveRecovery = resolveWithMessages(z.object({ value: RecoveryCodeSchema }), {
  value: TWO_FACTOR_MESSAGES.recoveryCodeShape,
});

export function TwoFactorStep({
  challenge,
  onRestart,
}: {
  challenge: string;
  /** The challenge ended (used or expired): back to the password, with this error. */
  onRestart: (message: string) => void;
}) {
  const [mode, setMode] = useState<Mode>('code');
  const heading = useRef<HTMLHeadingElement>(null);
  // The password form is gone: keyboard and screen-reader users land on the step that replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-ink focus:outline-none">
          {TWO_FACTOR_MESSAGES.signInStepTitle}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {mode === 'code' ? TWO_FACTOR_MESSAGES.signInStepHelp : TWO_FACTOR_MESSAGES.recoveryStepHelp}
        </p>
      </div>
      <CodeForm key={mode} mode={mode} challenge={challenge} onRestart={onRestart} />
      <button
        type="button"
        className="self-center rounded text-sm font-semibold text-brand-ink hover:underline"
        onClick={() => setMode(mode === 'code' ? 'recovery' : 'code')}
      >
        {mode === 'code' ? TWO_FACTOR_MESSAGES.useRecoveryCode : TWO_FACTOR_MESSAGES.useAuthenticatorCode}
      </button>
      <button
        type="button"
        className="self-center rounded text-sm text-ink-muted hover:underline"
        onClick={() => onRestart('')}
      >
        {TWO_FACTOR_MESSAGES.backToSignIn}
      </button>
    </div>
  );
}

function CodeForm({
  mode,
  challenge,
  onRestart,
}: {
  mode: Mode;
  challenge: string;
  onRestart: (message: string) => void;
}) {
  const { verifyTwoFactor } = useAuth();
  const form = useForm({
    ...FORM_OPTIONS,
    defaultValues: { value: '' },
    resolver: mode === 'code' ? resolveCode : resolveRecovery,
  });
  const { formState } = form;
  // Stays busy after a sign-in, until the route has moved on.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  return (
    <Form
      form={form}
      onValid={async ({ value }) => {
        try {
          await verifyTwoFactor(
            mode === 'code' ? { challenge, code: value } : { challenge, recoveryCode: value },
          );
        } catch (caught) {
          if (caught instanceof ApiError && caught.code === 'auth/code-expired') {
            onRestart(getAuthErrorMessage(caught));
            return;
          }
          form.setError(SERVER_ERROR, { message: getAuthErrorMessage(caught) });
        }
      }}
      className="flex flex-col gap-5"
    >
      {mode === 'code' ? (
        <TextField
          label={TWO_FACTOR_MESSAGES.codeLabel}
          hint={TWO_FACTOR_MESSAGES.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          {...bindField(form, 'value')}
        />
      ) : (
        <TextField
          label={TWO_FACTOR_MESSAGES.recoveryCodeLabel}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={14}
          required
          {...bindField(form, 'value')}
        />
      )}
      <FormError message={formState.errors.root?.server?.message ?? null} />
      <button type="submit" className={getButtonClass({ size: 'lg' })} disabled={busy}>
        {busy ? TWO_FACTOR_MESSAGES.verifying : TWO_FACTOR_MESSAGES.verify}
      </button>
    </Form>
  );
}
