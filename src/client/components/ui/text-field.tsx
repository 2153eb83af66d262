import clsx from 'clsx';
import { useId, type ComponentProps, type ReactNode } from 'react';

export const INPUT_CLASS =
  'h-11 w-full rounded-xl border border-line bg-surface px-3.5 text-ink placeholder:text-ink-subtle focus:border-brand focus:outline-none focus-visible:outline-2 focus-visible:outline-focus aria-[invalid=true]:border-rani-600';

type ControlProps = { id: string; 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };

type FieldShellProps = {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  className?: string | undefined;
};

/**
 * The label, error and hint every form control has, tied to it through aria-describedby. The error comes first,
 * so a screen reader says what is wrong before the rule.
 */
export function FormField({
  label,
  hint,
  error,
  className,
  children,
}: FieldShellProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-rani-700 dark:text-rani-400">
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="text-xs text-ink-subtle">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A labelled input with an optional hint and error, and optional text or buttons inside its edges. A `ref` reaches
 * the input (react-hook-form's register reads and sets the value through it).
 */
export function TextField({
  label,
  hint,
  error,
  leading,
  trailing,
  className,
  ...inputProps
}: ComponentProps<'input'> &
  FieldShellProps & {
    leading?: ReactNode;
    trailing?: ReactNode;
  }) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="relative">
          {leading ? (
            <div className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center font-semibold text-ink-muted">
              {leading}
            </div>
          ) : null}
          <input
            {...control}
            className={clsx(INPUT_CLASS, leading ? 'pl-8' : undefined, trailing ? 'pr-12' : undefined)}
            {...inputProps}
          />
          {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
        </div>
      )}
    </FormField>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...textAreaProps
}: ComponentProps<'textarea'> & FieldShellProps) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          {...control}
          className={clsx(INPUT_CLASS, 'h-auto min-h-32 resize-y py-2.5 leading-relaxed')}
          {...textAreaProps}
        />
      )}
    </FormField>
  );
}

/** A native select: on a phone it opens the system picker, which is the quickest to use with a thumb. */
export function SelectField({
  label,
  hint,
  error,
  className,
  children,
  ...selectProps
}: ComponentProps<'select'> & FieldShellProps) {
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          className={clsx(INPUT_CLASS, 'appearance-auto disabled:opacity-60')}
          {...selectProps}
        >
          {children}
        </select>
      )}
    </FormField>
  );
}
