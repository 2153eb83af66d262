// One klip video from the moment it is picked to its upload id (docs/product.md "Klip video upload"): checked in
// the browser (type, size, then length from the video's metadata), uploaded at once with its progress, cancellable,
// and previewed from the local file. Leaving the page aborts an upload still running.
import { useCallback, useEffect, useRef, useState } from 'react';
import { KLIP_FORM_MESSAGES } from '../../../shared/klip-form-messages.ts';
import { getErrorMessage, isAbortError } from '../../lib/api-client.ts';
import { uploadKlipVideo } from './api/klip-write.ts';
import { findVideoDurationProblem, findVideoFileProblem, readVideoDuration } from './klip-upload-checks.ts';

export type KlipUploadState =
  | { status: 'idle' }
  | { status: 'checking'; file: File }
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'uploaded'; file: File; videoId: string }
  | { status: 'failed'; file: File; message: string };

export type KlipUpload = {
  state: KlipUploadState;
  /** Why the last picked file was refused (or the upload cancelled); null once another is picked. */
  problem: string | null;
  /** The picked file as an object URL, for the preview and the frame picker; null when none is kept. */
  previewUrl: string | null;
  onPick: (file: File) => void;
  onCancel: () => void;
  onRetry: () => void;
};

/** onUploaded is told each finished upload's id (the edit page retries a failed klip with it). */
export function useKlipUpload({ onUploaded }: { onUploaded?: (videoId: string) => void } = {}): KlipUpload {
  const [state, setState] = useState<KlipUploadState>({ status: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Each pick gets a number; the answers of an older pick (a slow duration read, a late upload) are dropped.
  const pickCount = useRef(0);
  const uploadedCallback = useRef(onUploaded);
  useEffect(() => {
    uploadedCallback.current = onUploaded;
  }, [onUploaded]);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const startUpload = useCallback((file: File, pick: number) => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'uploading', file, progress: 0 });
    uploadKlipVideo(file, {
      signal: abort.signal,
      onProgress: (progress) => {
        if (pick === pickCount.current) setState({ status: 'uploading', file, progress });
      },
    }).then(
      (video) => {
        if (pick !== pickCount.current) return;
        setState({ status: 'uploaded', file, videoId: video.id });
        uploadedCallback.current?.(video.id);
      },
      (error: unknown) => {
        if (pick !== pickCount.current || isAbortError(error)) return;
        setState({
          status: 'failed',
          file,
          message: KLIP_FORM_MESSAGES.uploadFailed(getErrorMessage(error)),
        });
      },
    );
  }, []);

  const onPick = useCallback(
    (file: File) => {
      pickCount.current += 1;
      const pick = pickCount.current;
      controller.current?.abort();
      const refusal = findVideoFileProblem(file);
      setProblem(refusal);
      if (refusal) {
        setState({ status: 'idle' });
        setPreviewUrl(null);
        return;
      }
      const url = URL.createObjectURL(file);
      setPreviewUrl(url);
      setState({ status: 'checking', file });
      void readVideoDuration(url).then((seconds) => {
        if (pick !== pickCount.current) return;
        const tooLong = findVideoDurationProblem(file.name, seconds);
        if (tooLong) {
          setProblem(tooLong);
          setState({ status: 'idle' });
          setPreviewUrl(null);
          return;
        }
        startUpload(file, pick);
      });
    },
    [startUpload],
  );

  const onCancel = useCallback(() => {
    pickCount.current += 1;
    controller.current?.abort();
    setState({ status: 'idle' });
    setPreviewUrl(null);
    setProblem(KLIP_FORM_MESSAGES.uploadCancelled);
  }, []);

  const onRetry = useCallback(() => {
    if (state.status !== 'failed') return;
    pickCount.current += 1;
    startUpload(state.file, pickCount.current);
  }, [state, startUpload]);

  return { state, problem, previewUrl, onPick, onCancel, onRetry };
}
