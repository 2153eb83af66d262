// Edit Klip's form: the title, description, tags and featured product of a klip, saved with PATCH (only what
// changed); the form then holds the saved klip. Leaving with unsaved changes asks first; Delete asks too.
import { useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_FORM_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { flattenFieldErrors, focusFirstInvalid } from '../../../lib/field-errors.ts';
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

const SERVER_ERROR = 'root.server';

export function KlipEditForm({ klip, slots }: { klip: Klip; slots: KlipFormSlots }) {
  const formElement = useRef<HTMLFormElement>(null);
  const [initial, setInitial] = useState(() => toKlipFormValues(klip));
  const form = useForm<KlipFormValues, unknown, KlipFormData>({
    defaultValues: initial,
    resolver: resolveKlipForm,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
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

  function onInvalid(errors: FieldErrors<KlipFormValues>): void {
    if (formElement.current) focusFirstInvalid(formElement.current, flattenFieldErrors(errors));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    if (update.isPending) {
      event.preventDefault();
      return;
    }
    void form.handleSubmit(onValid, onInvalid)(event);
  }

  return (
    <FormProvider {...form}>
      <form
        ref={formElement}
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4 sm:gap-6"
        aria-label="Edit klip"
      >
        <KlipFormFields slots={slots} />
        <FormError message={formState.errors.root?.server?.message ?? null} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
          <DeleteKlipButton
            klipId={klip.id}
            title={klip.title}
            ownerUid={klip.uid}
            onAllowLeave={onAllowLeave}
          />
          <div className="flex flex-col-reverse gap-3 sm:ml-auto sm:flex-row">
            <Link
              to={paths.dashboard.getHref()}
              className={getButtonClass({ variant: 'secondary', size: 'lg' })}
            >
              Cancel
            </Link>
            <button
              type="submit"
              disabled={update.isPending}
              className={getButtonClass({ size: 'lg', className: 'sm:min-w-44' })}
            >
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </div>
        <UnsavedChangesDialog blocker={blocker} />
      </form>
    </FormProvider>
  );
}
