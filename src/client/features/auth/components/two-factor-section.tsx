// Two-factor sign-in in Settings (decision 0075): turn it on with the QR code or the key and a first code, see the
// recovery codes once, turn it off with the password and a code. The QR code is the server's SVG, so this screen
// carries no QR library.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Download, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  CodeOrRecoveryCodeSchema,
  TwoFactorCodeSchema,
  type TwoFactorSetup,
} from '../../../../shared/contracts/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '../../../../shared/two-factor-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { getAuthErrorMessage } from '../../../lib/auth.ts';
import { resolveWithMessages } from '../../../lib/field-errors.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactorStatus,
  startTwoFactorSetup,
  TWO_FACTOR_QUERY_KEY,
} from '../api/two-factor.ts';
import { PasswordField } from './password-field.tsx';

type Stage =
  | { name: 'idle' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'recovery'; codes: string[] }
  | { name: 'disable' };

const resolveConfirm = resolveWithMessages(z.object({ code: TwoFactorCodeSchema }), {
  code: TWO_FACTOR_MESSAGES.codeHint,
});
const resolveDisable = resolveWithMessages(
  z.object({ password: z.string().min(1), code: CodeOrRecoveryCodeSchema }),
  { password: 'Enter your password.', code: TWO_FACTOR_MESSAGES.codeOrRecoveryLabel },
);

/** The key in groups of four, as apps show it; typed with or without the spaces. */
const groupKey = (key: string) => key.replace(/(.{4})/g, '$1 ').trim();

/** The section's anchor on the settings page. */
export const TWO_FACTOR_SECTION_ID = 'two-factor';

export function TwoFactorSection() {
  const status = useQuery({
    queryKey: TWO_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const enabled = status.data?.data.enabled ?? false;

  const changed = (on: boolean) => {
    queryClient.setQueryData(TWO_FACTOR_QUERY_KEY, { success: true, data: { enabled: on } });
    // The settings' account.twoFactorAuth follows the authenticator (decision 0070).
    void queryClient.invalidateQueries({ queryKey: ['settings'] });
  };

  async function begin() {
    setError(null);
    setNotice(null);
    setStarting(true);
    try {
      setStage({ name: 'setup', setup: (await startTwoFactorSetup()).data });
    } catch (caught) {
      setError(getAuthErrorMessage(caught));
    } finally {
      setStarting(false);
    }
  }

  return (
    <section
      id={TWO_FACTOR_SECTION_ID}
      aria-labelledby="two-factor-title"
      className="scroll-mt-24 rounded-3xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="two-factor-title" className="flex items-center gap-2 font-bold text-ink">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-ink" />
        {TWO_FACTOR_MESSAGES.title}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{TWO_FACTOR_MESSAGES.description}</p>
      {status.isPending ? (
        <p className="mt-4 text-sm text-ink-muted">Loading...</p>
      ) : status.isError ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <FormError message={TWO_FACTOR_MESSAGES.loadFailed} />
          <button
            type="button"
            className={getButtonClass({ variant: 'secondary' })}
            onClick={() => void status.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          <p role="status" className="text-sm font-semibold text-ink">
            {notice ?? (enabled ? TWO_FACTOR_MESSAGES.statusOn : TWO_FACTOR_MESSAGES.statusOff)}
          </p>
          {stage.name === 'setup' ? (
            <SetupStep
              setup={stage.setup}
              onCancel={() => setStage({ name: 'idle' })}
              onConfirmed={(codes) => {
                changed(true);
                setStage({ name: 'recovery', codes });
              }}
            />
          ) : stage.name === 'recovery' ? (
            <RecoveryCodes
              codes={stage.codes}
              onDone={() => {
                setNotice(TWO_FACTOR_MESSAGES.turnedOn);
                setStage({ name: 'idle' });
              }}
            />
          ) : stage.name === 'disable' ? (
            <DisableStep
              onCancel={() => setStage({ name: 'idle' })}
              onDisabled={() => {
                changed(false);
                setNotice(TWO_FACTOR_MESSAGES.turnedOff);
                setStage({ name: 'idle' });
              }}
            />
          ) : (
            <>
              <FormError message={error} />
              <button
                type="button"
                className={getButtonClass({
                  variant: enabled ? 'secondary' : 'primary',
                  className: 'self-start',
                })}
                disabled={starting}
                onClick={() => {
                  setNotice(null);
                  if (enabled) setStage({ name: 'disable' });
                  else void begin();
                }}
              >
                {enabled ? TWO_FACTOR_MESSAGES.turnOff : TWO_FACTOR_MESSAGES.turnOn}
              </button>
              <p className="text-xs text-ink-subtle">{TWO_FACTOR_MESSAGES.externalOnlyNote}</p>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** A step's submit button and its Cancel. */
function SubmitOrCancel({
  submitLabel,
  busy,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className={getButtonClass({})} disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className={getButtonClass({ variant: 'secondary' })} onClick={onCancel}>
        {TWO_FACTOR_MESSAGES.cancel}
      </button>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={getButtonClass({ variant: 'secondary', size: 'sm' })}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? (
        <Check aria-hidden="true" className="size-4" />
      ) : (
        <Copy aria-hidden="true" className="size-4" />
      )}
      {copied ? TWO_FACTOR_MESSAGES.copied : label}
    </button>
  );
}

function SetupStep({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const form = useForm({ ...FORM_OPTIONS, defaultValues: { code: '' }, resolver: resolveConfirm });
  const { formState } = form;
  const intro = useRef<HTMLParagraphElement>(null);
  useEffect(() => intro.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4">
      <p ref={intro} tabIndex={-1} className="text-sm text-ink focus:outline-none">
        {TWO_FACTOR_MESSAGES.scanQr}
      </p>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {/* A white field around the code, in either theme: cameras read dark on light. */}
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={TWO_FACTOR_MESSAGES.qrAlt}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-xl bg-white p-1"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <span className="text-sm font-semibold text-ink" id="two-factor-key-label">
            {TWO_FACTOR_MESSAGES.manualKey}
          </span>
          <code
            aria-labelledby="two-factor-key-label"
            data-testid="two-factor-key"
            className="rounded-lg bg-surface-muted px-3 py-2 font-mono text-sm break-all text-ink"
          >
            {groupKey(setup.manualKey)}
          </code>
          <div>
            <CopyButton text={setup.manualKey} label={TWO_FACTOR_MESSAGES.copyKey} />
          </div>
        </div>
      </div>
      <Form
        form={form}
        onValid={async ({ code }) => {
          try {
            onConfirmed((await confirmTwoFactor(code)).data.recoveryCodes);
          } catch (caught) {
            form.setError(SERVER_ERROR, { message: getAuthErrorMessage(caught) });
          }
        }}
        className="flex flex-col gap-4"
      >
        <TextField
          label={TWO_FACTOR_MESSAGES.codeLabel}
          hint={TWO_FACTOR_MESSAGES.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          {...bindField(form, 'code')}
        />
        <FormError message={formState.errors.root?.server?.message ?? null} />
        <SubmitOrCancel
          submitLabel={TWO_FACTOR_MESSAGES.confirm}
          busy={formState.isSubmitting}
          onCancel={onCancel}
        />
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${codes.join('\n')}\n`;
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'lootklip-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-bold text-ink focus:outline-none">
        {TWO_FACTOR_MESSAGES.recoveryTitle}
      </h3>
      <p className="text-sm text-ink-muted">{TWO_FACTOR_MESSAGES.recoveryHelp}</p>
      <ul
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-surface-muted p-4 font-mono text-sm text-ink"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={text} label={TWO_FACTOR_MESSAGES.copyCodes} />
        <button
          type="button"
          className={getButtonClass({ variant: 'secondary', size: 'sm' })}
          onClick={download}
        >
          <Download aria-hidden="true" className="size-4" />
          {TWO_FACTOR_MESSAGES.downloadCodes}
        </button>
      </div>
      <button type="button" className={getButtonClass({ className: 'self-start' })} onClick={onDone}>
        {TWO_FACTOR_MESSAGES.recoveryDone}
      </button>
    </div>
  );
}

function DisableStep({ onCancel, onDisabled }: { onCancel: () => void; onDisabled: () => void }) {
  const form = useForm({
    ...FORM_OPTIONS,
    defaultValues: { password: '', code: '' },
    resolver: resolveDisable,
  });
  const { formState } = form;
  return (
    <Form
      form={form}
      onValid={async (body) => {
        try {
          await disableTwoFactor(body);
          onDisabled();
        } catch (caught) {
          form.setError(SERVER_ERROR, { message: getAuthErrorMessage(caught) });
        }
      }}
      className="flex flex-col gap-4"
    >
      <PasswordField
        label={TWO_FACTOR_MESSAGES.passwordLabel}
        autoComplete="current-password"
        required
        {...bindField(form, 'password')}
      />
      <TextField
        label={TWO_FACTOR_MESSAGES.codeOrRecoveryLabel}
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={14}
        required
        {...bindField(form, 'code')}
      />
      <FormError message={formState.errors.root?.server?.message ?? null} />
      <SubmitOrCancel
        submitLabel={TWO_FACTOR_MESSAGES.turnOff}
        busy={formState.isSubmitting}
        onCancel={onCancel}
      />
    </Form>
  );
}
