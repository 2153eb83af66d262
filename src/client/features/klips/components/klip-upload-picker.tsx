// The klip's video: the limits said before anything is sent, a picker (or, on a desktop, a file dropped on it), the
// browser's refusals naming the problem, then the upload's progress, its failure with Retry, or its success.
import clsx from 'clsx';
import { CircleCheck, Film, LoaderCircle, RotateCw } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { MAX_VIDEO_MB, MAX_VIDEO_MINUTES, VIDEO_ACCEPT } from '../klip-upload-checks.ts';
import type { KlipUpload } from '../klip-upload.ts';
import { KlipUploadProgress } from './klip-upload-progress.tsx';

export const VIDEO_LIMITS = KLIP_FORM_MESSAGES.limits(MAX_VIDEO_MB, MAX_VIDEO_MINUTES);

function isFileDrag(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

export function KlipUploadPicker({ upload, error }: { upload: KlipUpload; error?: string | undefined }) {
  const id = useId();
  const [filesOver, setFilesOver] = useState(false);
  const { state, problem } = upload;
  const message = problem ?? error;
  const busy = state.status === 'checking' || state.status === 'uploading';

  function onDrop(event: DragEvent): void {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    setFilesOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) upload.onPick(file);
  }

  return (
    <div
      className="flex flex-col gap-3"
      onDragOver={(event) => {
        if (!isFileDrag(event)) return;
        event.preventDefault();
        setFilesOver(true);
      }}
      onDragLeave={() => setFilesOver(false)}
      onDrop={onDrop}
    >
      {state.status === 'uploading' ? (
        <KlipUploadProgress fileName={state.file.name} progress={state.progress} onCancel={upload.onCancel} />
      ) : state.status === 'checking' ? (
        <p className="flex items-center gap-2 rounded-2xl border border-line p-3 text-sm text-ink-muted">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {`Checking ${state.file.name}…`}
        </p>
      ) : state.status === 'uploaded' ? (
        <p className="flex min-w-0 items-center gap-2 rounded-2xl border border-line bg-surface-muted/50 p-3 text-sm font-semibold text-ink">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
          <span className="min-w-0 truncate">{`Uploaded ${state.file.name}`}</span>
        </p>
      ) : state.status === 'failed' ? (
        <div className="flex flex-col gap-2 rounded-2xl border border-rani-600/30 bg-rani-600/10 p-3">
          <p className="text-sm text-rani-700 dark:text-rani-400">{state.message}</p>
          <button
            type="button"
            onClick={upload.onRetry}
            className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            Retry upload
          </button>
        </div>
      ) : null}

      {busy ? null : (
        <label
          className={clsx(
            'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed border-line bg-surface-muted/50 text-center text-ink-muted transition-colors hover:border-brand hover:text-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
            state.status === 'idle' ? 'px-4 py-8' : 'px-4 py-3',
            filesOver && 'border-brand bg-brand-soft/40',
          )}
        >
          <input
            type="file"
            name="video"
            accept={VIDEO_ACCEPT}
            aria-label={state.status === 'idle' ? 'Choose a video' : 'Choose another video'}
            aria-describedby={message ? `${id}-error ${id}-hint` : `${id}-hint`}
            aria-invalid={message ? true : undefined}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Picking the same file again must fire change again.
              event.target.value = '';
              if (file) upload.onPick(file);
            }}
          />
          {state.status === 'idle' ? (
            <>
              <Film aria-hidden="true" className="size-8 text-brand" />
              <span className="text-sm font-semibold text-ink">Choose a video</span>
              <span className="hidden text-sm md:inline">or drop it here</span>
            </>
          ) : (
            <span className="text-sm font-semibold text-ink">Choose another video</span>
          )}
        </label>
      )}

      {/* Always mounted, so that every refusal is announced. */}
      <div role="alert" className="empty:hidden">
        {message ? (
          <p
            id={`${id}-error`}
            className="rounded-xl border border-rani-600/30 bg-rani-600/10 px-3 py-2.5 text-sm text-rani-700 dark:text-rani-400"
          >
            {message}
          </p>
        ) : null}
      </div>
      <ul id={`${id}-hint`} className="flex flex-col gap-0.5 text-xs text-ink-subtle">
        <li>{VIDEO_LIMITS}</li>
        <li>{KLIP_FORM_MESSAGES.shape}</li>
      </ul>
    </div>
  );
}
