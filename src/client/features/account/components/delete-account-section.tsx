// The settings page's danger zone (docs/decisions/0076-account-deletion.md): a dialog (the one dialog shell,
// decision 0061) that says what goes and asks for the password, or the username of an account without one. On
// success the session ends here, every cached answer is dropped, and the person lands on the home page.
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../../../shared/account-messages.ts';
import type { AccountConfirmation } from '../../../../shared/contracts/account.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { DialogShell, DialogTitleBar } from '../../../components/ui/dialog-shell.tsx';
import { bindField } from '../../../components/ui/form-bindings.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.ts';
import { resolveWithMessages } from '../../../lib/field-errors.ts';
import { useAccountDeletionCheck, useDeleteAccount } from '../api/delete-account.ts';
import { toast } from '../../../lib/toast.ts';

/** The section's anchor on the settings page. */
export const DELETE_ACCOUNT_SECTION_ID = 'delete-account';

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <section
      id={DELETE_ACCOUNT_SECTION_ID}
      aria-labelledby="delete-account-title"
      className="scroll-mt-24 rounded-3xl border border-rani-600/40 bg-surface p-5 sm:p-6"
    >
      <h2 id="delete-account-title" className="flex items-center gap-2 font-bold text-ink">
        <TriangleAlert aria-hidden="true" className="size-5 text-rani-700 dark:text-rani-400" />
        {ACCOUNT_MESSAGES.sectionTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{ACCOUNT_MESSAGES.sectionHint}</p>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={getButtonClass({
          variant: 'secondary',
          className: 'mt-4 border-rani-600/50 text-rani-700 dark:text-rani-400',
        })}
      >
        {ACCOUNT_MESSAGES.openButton}
      </button>
      <DialogShell
        open={open}
        onOpenChange={setOpen}
        className="top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-line p-5"
      >
        <DialogTitleBar title={ACCOUNT_MESSAGES.dialogTitle} className="gap-3" />
        <p className="mt-2 text-sm text-ink-muted">{ACCOUNT_MESSAGES.dialogBody}</p>
        {open ? <DeleteAccountForm onKeep={() => setOpen(false)} /> : null}
      </DialogShell>
    </section>
  );
}

const confirmationSchema = (confirmWith: AccountConfirmation) =>
  z.object({
    confirmation: z
      .string()
      .trim()
      .min(
        1,
        confirmWith === 'password' ? ACCOUNT_MESSAGES.confirmRequired : ACCOUNT_MESSAGES.usernameRequired,
      ),
  });

function DeleteAccountForm({ onKeep }: { onKeep: () => void }) {
  const check = useAccountDeletionCheck(true);
  if (check.isPending) {
    return <p className="mt-5 text-sm text-ink-muted">{ACCOUNT_MESSAGES.pendingCheck}</p>;
  }
  if (check.isError) {
    return <FormError message={ACCOUNT_MESSAGES.loadFailed} />;
  }
  return <ConfirmForm confirmWith={check.data.confirmWith} onKeep={onKeep} />;
}

function ConfirmForm({ confirmWith, onKeep }: { confirmWith: AccountConfirmation; onKeep: () => void }) {
  const { user, signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const form = useForm({
    ...FORM_OPTIONS,
    defaultValues: { confirmation: '' },
    resolver: resolveWithMessages(confirmationSchema(confirmWith), {}),
  });
  const { formState } = form;

  async function onValid({ confirmation }: { confirmation: string }): Promise<void> {
    try {
      await remove.mutateAsync(
        confirmWith === 'password' ? { password: confirmation } : { username: confirmation },
      );
    } catch (caught) {
      const wrong = caught instanceof ApiError && caught.code === 'auth/wrong-password';
      const message = wrong
        ? confirmWith === 'password'
          ? ACCOUNT_MESSAGES.wrongPassword
          : ACCOUNT_MESSAGES.wrongUsername
        : getErrorMessage(caught);
      form.setError(SERVER_ERROR, { message });
      return;
    }
    await signOut();
    queryClient.clear();
    toast.success(ACCOUNT_MESSAGES.deleted);
    void navigate(paths.home.getHref(), { replace: true });
  }

  return (
    <Form form={form} onValid={onValid} className="mt-5 flex flex-col gap-4">
      <TextField
        label={
          confirmWith === 'password'
            ? ACCOUNT_MESSAGES.passwordLabel
            : ACCOUNT_MESSAGES.usernameLabel(user?.username ?? '')
        }
        type={confirmWith === 'password' ? 'password' : 'text'}
        autoComplete={confirmWith === 'password' ? 'current-password' : 'off'}
        autoCapitalize="none"
        spellCheck={false}
        {...bindField(form, 'confirmation', { clears: SERVER_ERROR })}
      />
      <FormError message={formState.errors.root?.server?.message ?? null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onKeep} className={getButtonClass({ variant: 'secondary' })}>
          {ACCOUNT_MESSAGES.keepButton}
        </button>
        <button type="submit" disabled={remove.isPending} className={getButtonClass()}>
          {remove.isPending ? ACCOUNT_MESSAGES.pendingButton : ACCOUNT_MESSAGES.confirmButton}
        </button>
      </div>
    </Form>
  );
}
