// Changing the avatar or the cover (decision 0074): pick a file, crop it (a square avatar, a 3:1 cover) in a
// dialog, then upload it through the image pipeline with its progress shown. The crop code loads only when a file
// is picked.
import { Camera } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { PROFILE_MESSAGES } from '../../../../shared/profile-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { DialogShell, DialogTitleBar } from '../../../components/ui/dialog-shell.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUploadProfileImage, type ProfileImageField } from '../api/profile-edit.ts';

const ImageCropper = lazy(() => import('./image-cropper.tsx'));

const SHAPES = {
  avatar: {
    aspect: 1,
    outputWidth: 800,
    title: PROFILE_MESSAGES.cropAvatarTitle,
    change: PROFILE_MESSAGES.changeAvatar,
    done: PROFILE_MESSAGES.photoUpdated,
  },
  cover: {
    aspect: 3,
    outputWidth: 1500,
    title: PROFILE_MESSAGES.cropCoverTitle,
    change: PROFILE_MESSAGES.changeCover,
    done: PROFILE_MESSAGES.coverUpdated,
  },
} as const;

export function ProfileImagePicker({
  field,
  onUploaded,
}: {
  field: ProfileImageField;
  /** After the new image is the profile's (the header's avatar is refreshed from here). */
  onUploaded?: () => void;
}) {
  const shape = SHAPES[field];
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const upload = useUploadProfileImage();
  const progressId = useId();

  function start(image: Blob) {
    setFile(null);
    setProgress(0);
    setStatus(PROFILE_MESSAGES.uploading(0));
    upload.mutate(
      { field, image, onProgress: (value) => setProgress(Math.round(value * 100)) },
      {
        onSuccess: () => {
          setStatus(shape.done);
          onUploaded?.();
        },
        onError: (error) =>
          setStatus(error instanceof ApiError ? error.message : PROFILE_MESSAGES.uploadFailed),
        onSettled: () => setProgress(null),
      },
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${field}-file`}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (picked) setFile(picked);
        }}
      />
      <button
        type="button"
        className={getButtonClass({ variant: 'secondary', size: 'sm' })}
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        <Camera aria-hidden="true" className="size-4" />
        {shape.change}
      </button>
      {progress !== null ? (
        <div className="flex items-center gap-2">
          <progress
            id={progressId}
            max={100}
            value={progress}
            aria-label={PROFILE_MESSAGES.uploading(progress)}
            className="h-2 w-32 overflow-hidden rounded-full accent-brand"
          />
          <span className="text-xs text-ink-muted">{PROFILE_MESSAGES.uploading(progress)}</span>
        </div>
      ) : null}
      <p role="status" className="text-xs font-medium text-ink-muted empty:hidden">
        {progress === null ? status : ''}
      </p>
      <DialogShell
        open={file !== null}
        onOpenChange={(open) => !open && setFile(null)}
        className="inset-x-0 bottom-0 max-h-[90dvh] overflow-y-auto rounded-t-3xl p-5 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
      >
        <DialogTitleBar title={shape.title} closeLabel={PROFILE_MESSAGES.closeEditor} className="mb-3" />
        {file ? (
          <Suspense fallback={<div className="aspect-square animate-pulse rounded-2xl bg-surface-muted" />}>
            <ImageCropper
              file={file}
              aspect={shape.aspect}
              outputWidth={shape.outputWidth}
              title={shape.title}
              onCancel={() => setFile(null)}
              onCrop={start}
            />
          </Suspense>
        ) : null}
      </DialogShell>
    </div>
  );
}
