// Create Klip (docs/product.md "Klip video upload"): the video first, uploaded as soon as it passes the browser's
// checks, with its progress and a local preview where the seller may pick the poster frame; then the words and
// the featured product. Publish waits for the upload; it creates the klip and goes to its edit page, where its
// processing shows. Leaving with a picked video or typed words asks first.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormSection } from '../../../components/ui/form-section.tsx';
import { Form, FORM_OPTIONS, SERVER_ERROR } from '../../../components/ui/form.tsx';
import { UnsavedChangesDialog } from '../../../components/ui/unsaved-changes-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnsavedChangesGuard } from '../../../hooks/use-unsaved-changes-guard.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCreateKlip } from '../api/klip-write.ts';
import type { KlipFormSlots } from '../klip-form-slots.ts';
import {
  EMPTY_KLIP_FORM,
  resolveKlipForm,
  type KlipFormData,
  type KlipFormValues,
} from '../klip-form-values.ts';
import { useKlipUpload } from '../klip-upload.ts';
import { KlipFormFields } from './klip-form-fields.tsx';
import { KlipUploadPicker } from './klip-upload-picker.tsx';
import { PosterPicker, type PosterState } from './poster-picker.tsx';
import { toast } from '../../../lib/toast.ts';

export function KlipForm({ slots }: { slots: KlipFormSlots }) {
  const navigate = useNavigate();
  const upload = useKlipUpload();
  const [poster, setPoster] = useState<PosterState>({ status: 'none' });
  const [videoError, setVideoError] = useState<string | undefined>(undefined);
  const form = useForm<KlipFormValues, unknown, KlipFormData>({
    defaultValues: EMPTY_KLIP_FORM,
    resolver: resolveKlipForm,
    ...FORM_OPTIONS,
  });
  const { formState, setError } = form;
  const create = useCreateKlip();
  const { state } = upload;
  const { blocker, onAllowLeave } = useUnsavedChangesGuard(formState.isDirty || state.status !== 'idle');
  const uploaded = state.status === 'uploaded';
  const busy = create.isPending || poster.status === 'saving';

  function onPick(file: File): void {
    setPoster({ status: 'none' });
    setVideoError(undefined);
    upload.onPick(file);
  }

  async function onValid(data: KlipFormData): Promise<void> {
    if (state.status !== 'uploaded') return;
    try {
      const answer = await create.mutateAsync({
        ...data,
        videoId: state.videoId,
        posterId: poster.status === 'saved' ? poster.posterId : null,
      });
      onAllowLeave();
      toast.success(KLIP_FORM_MESSAGES.created);
      navigate(paths.edit.klip.getHref(answer.klip.id));
    } catch (error) {
      setError(SERVER_ERROR, { message: getErrorMessage(error) });
    }
  }

  /** Without an uploaded video there is nothing to publish: the video's own error says why. */
  function onBlocked(): void {
    if (uploaded) return;
    setVideoError(
      state.status === 'uploading' || state.status === 'checking'
        ? KLIP_FORM_MESSAGES.uploadPending
        : KLIP_FORM_MESSAGES.videoRequired,
    );
  }

  let submitLabel = 'Publish Klip';
  if (state.status === 'uploading' || state.status === 'checking') submitLabel = 'Uploading video...';
  if (poster.status === 'saving') submitLabel = 'Saving poster...';
  if (create.isPending) submitLabel = 'Publishing...';

  return (
    <Form
      form={form}
      onValid={onValid}
      blocked={busy || !uploaded}
      onBlocked={onBlocked}
      className="flex flex-col gap-4 sm:gap-6"
      aria-label="Create klip"
    >
      <FormSection title="Video" description="It uploads as soon as you choose it.">
        <KlipUploadPicker upload={{ ...upload, onPick }} error={videoError} />
        {upload.previewUrl ? (
          <PosterPicker videoUrl={upload.previewUrl} poster={poster} onPosterChange={setPoster} />
        ) : null}
      </FormSection>

      <KlipFormFields slots={slots} />

      <FormError message={formState.errors.root?.server?.message ?? null} />
      <FormActions
        cancelTo={paths.dashboard.getHref()}
        submitLabel={submitLabel}
        disabled={busy || !uploaded}
        submitClassName="sm:min-w-48"
      />
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}
