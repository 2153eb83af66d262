// Edit Klip's form: the title, description, tags and featured product of a klip, saved with PATCH (only what
// changed); the form then holds the saved klip. Leaving with unsaved changes asks first; Delete asks too.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useUpdateKlip } from '../api/klip-write.ts';
import type { KlipFormSlots } from '../klip-form-slots.ts';
import {
  findChangedKlipFields,
  resolveKlipForm,
  toKlipFormValues,
  type KlipFormData,
  type KlipFormValues,
} from '../klip-form-values.ts';
import { DeleteKlipButton } from './klip-form-delete.tsx';
import { KlipFormFields } from './klip-form-fields.tsx';
import { toast } from '../../../lib/toast.ts';

export function KlipEditForm({ klip, slots }: { klip: Klip; slots: KlipFormSlots }) {
  const [initial, setInitial] = useState(() => toKlipFormValues(klip));
  const form = useForm<KlipFormValues, unknown, KlipFormData>({
    defaultValues: initial,
    resolver: resolveKlipForm,
    ...FORM_OPTIONS,
  });
  const { formState, setError, reset } = form;
  const update = useUpdateKlip(klip.id);
  const { blocker, onAllowLeave } = useUnsavedChangesGuard(formState.isDirty);

  async function onValid(data: KlipFormData): Promise<void> {
    const changed = findChangedKlipFields(initial, data);
    if (Object.keys(changed).length === 0) {
      reset(initial);
      return;
    }
    try {
      const answer = await update.mutateAsync(changed);
      const saved = toKlipFormValues(answer.klip);
      setInitial(saved);
      reset(saved);
      toast.success(KLIP_FORM_MESSAGES.updated);
    } catch (error) {
      setError(SERVER_ERROR, { message: getErrorMessage(error) });
    }
  }

  return (
    <Form
      form={form}
      onValid={onValid}
      blocked={update.isPending}
      className="flex flex-col gap-4 sm:gap-6"
      aria-label="Edit klip"
    >
      <KlipFormFields slots={slots} />
      <FormError message={formState.errors.root?.server?.message ?? null} />
      <FormActions
        cancelTo={paths.dashboard.getHref()}
        submitLabel={update.isPending ? 'Saving...' : 'Save Changes'}
        disabled={update.isPending}
        danger={
          <DeleteKlipButton
            klipId={klip.id}
            title={klip.title}
            ownerUid={klip.uid}
            onAllowLeave={onAllowLeave}
          />
        }
      />
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}
