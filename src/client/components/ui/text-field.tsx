import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const INPUT_CLASS =
  'h-11 w-full rounded-xl border border-line bg-surface px-3.5 text-ink placeholder:text-ink-subtle focus:border-brand focus:outline-none focus-visible:outline-2 focus-visible:outline-focus aria-[invalid=true]:border-rani-600';

/** A labelled input with an optional hint tied to it through aria-describedby. */
export function TextField({
  label,
  hint,
  trailing,
  className,
  ...inputProps
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; trailing?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-describedby={hint ? hintId : undefined}
          className={clsx(INPUT_CLASS, trailing ? 'pr-12' : undefined)}
          {...inputProps}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-ink-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
