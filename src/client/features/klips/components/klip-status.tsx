// A klip's state at the top of its edit page (docs/product.md "Klip video upload"): processing (asked again every
// KLIP_STATUS_POLL_MS until it changes), active (a small 9:16 player and a link to the klip), or failed with the
// reason and Retry; when the original upload is gone, Retry asks for the video again, with the upload's progress.
import { CircleAlert, CircleCheck, ExternalLink, LoaderCircle, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { KLIP_STATUS_POLL_MS } from '../../../../shared/constants.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { KLIP_MESSAGES } from '../../../../shared/klip-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { useRetryKlip } from '../api/klip-write.ts';
import { useKlipUpload } from '../klip-upload.ts';
import { KlipUploadPicker } from './klip-upload-picker.tsx';
import { toast } from '../../../lib/toast.ts';

const CARD_CLASS = 'rounded-3xl border border-line bg-surface p-4 shadow-sm sm:p-6';

/** Asks for the klip again every KLIP_STATUS_POLL_MS while it is processing. */
function useProcessingPoll(processing: boolean, onRefresh: () => void): void {
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(onRefresh, KLIP_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, onRefresh]);
}

export function KlipStatus({ klip, onRefresh }: { klip: Klip; onRefresh: () => void }) {
  useProcessingPoll(klip.status === 'processing', onRefresh);
  if (klip.status === 'processing') {
    return (
      <section className={CARD_CLASS} aria-label="Klip status">
        <p role="status" className="flex items-center gap-3 font-semibold text-ink">
          <LoaderCircle aria-hidden="true" className="size-6 shrink-0 animate-spin text-brand" />
          {KLIP_FORM_MESSAGES.processing}
        </p>
        <p className="mt-1 text-sm text-ink-muted">{KLIP_FORM_MESSAGES.processingHint}</p>
      </section>
    );
  }
  if (klip.status === 'active') return <ActiveKlip klip={klip} />;
  return <FailedKlip klip={klip} />;
}

function ActiveKlip({ klip }: { klip: Klip }) {
  return (
    <section
      className={`${CARD_CLASS} flex flex-col gap-4 sm:flex-row sm:items-start`}
      aria-label="Klip status"
    >
      {klip.video ? (
        <video
          src={klip.renditions?.sd ?? klip.video}
          poster={klip.thumbnail ?? undefined}
          aria-label={`Klip: ${klip.title}`}
          controls
          playsInline
          preload="none"
          className="aspect-[9/16] w-40 self-center rounded-2xl bg-stone-950 object-cover sm:self-start"
        />
      ) : null}
      <div className="flex flex-col gap-2">
        <p role="status" className="flex items-center gap-2 font-semibold text-ink">
          <CircleCheck aria-hidden="true" className="size-5 text-emerald-600" />
          {KLIP_FORM_MESSAGES.active}
        </p>
        <Link
          to={paths.klip.getHref(klip.id)}
          className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          View klip
        </Link>
      </div>
    </section>
  );
}

function isNeedsUpload(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 409 && error.message === KLIP_MESSAGES.retryNeedsUpload
  );
}

function FailedKlip({ klip }: { klip: Klip }) {
  const retry = useRetryKlip(klip.id);
  const [needsUpload, setNeedsUpload] = useState(false);

  async function onRetry(videoId?: string): Promise<void> {
    try {
      await retry.mutateAsync(videoId);
      toast.success(KLIP_FORM_MESSAGES.retried);
    } catch (error) {
      if (!videoId && isNeedsUpload(error)) setNeedsUpload(true);
      else toast.error(getErrorMessage(error));
    }
  }

  return (
    <section className={CARD_CLASS} aria-label="Klip status">
      <div role="alert">
        <p className="flex items-center gap-2 font-semibold text-rani-700 dark:text-rani-400">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          {KLIP_FORM_MESSAGES.failed}
        </p>
        {klip.failureReason ? <p className="mt-1 text-sm text-ink">{klip.failureReason}</p> : null}
      </div>
      {needsUpload ? (
        <div className="mt-4 flex flex-col gap-3">
          <p className="text-sm text-ink-muted">{KLIP_FORM_MESSAGES.reupload}</p>
          <ReuploadVideo onUploaded={(videoId) => void onRetry(videoId)} />
        </div>
      ) : (
        <button
          type="button"
          disabled={retry.isPending}
          onClick={() => void onRetry()}
          className={getButtonClass({ size: 'sm', className: 'mt-4' })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {retry.isPending ? 'Retrying...' : 'Retry'}
        </button>
      )}
    </section>
  );
}

/** A new upload of the video; once it is up, the klip is retried with it. */
function ReuploadVideo({ onUploaded }: { onUploaded: (videoId: string) => void }) {
  const upload = useKlipUpload({ onUploaded });
  return <KlipUploadPicker upload={upload} />;
}
