import clsx from 'clsx';
import { useId } from 'react';

/** An on/off setting: a labelled switch (WAI-ARIA switch) with its hint read after the label. */
export function SettingSwitch({
  label,
  hint,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="text-sm font-semibold text-ink">
          {label}
        </span>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={clsx(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors disabled:opacity-60',
          checked ? 'border-brand bg-brand' : 'border-ink-subtle bg-surface-muted',
        )}
      >
        <span
          aria-hidden="true"
          className={clsx(
            'inline-block size-5 rounded-full shadow transition-transform',
            checked ? 'translate-x-5 bg-white' : 'translate-x-0.5 bg-ink-subtle',
          )}
        />
      </button>
    </div>
  );
}
