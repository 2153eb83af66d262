// A klip video's upload under way: how much is sent, as a bar and a percentage, and Cancel, which aborts it.
import { X } from 'lucide-react';
import { getButtonClass } from '../../../components/ui/button-styles.ts';

export function KlipUploadProgress({
  fileName,
  progress,
  onCancel,
}: {
  fileName: string;
  /** 0 to 1. */
  progress: number;
  onCancel: () => void;
}) {
  const percent = Math.round(progress * 100);
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-muted/50 p-3">
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 truncate text-sm font-semibold text-ink">{`Uploading ${fileName}`}</p>
        <span className="shrink-0 text-sm font-bold text-ink tabular-nums" aria-hidden="true">
          {`${percent}%`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Uploading video"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <button
        type="button"
        onClick={onCancel}
        className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
      >
        <X aria-hidden="true" className="size-4" />
        Cancel upload
      </button>
    </div>
  );
}
