import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';

/**
 * A typed-in setting (a phone number, a time zone), saved when the user leaves the field, presses Enter or the save
 * button, once it has changed and passes `check` (which returns what is wrong, or null). A single field saved on its
 * own, so no form library (decision 0073).
 */
export function TextSetting({
  label,
  hint,
  saved,
  saveLabel,
  check,
  onSave,
  inputProps,
  extra,
}: {
  label: string;
  hint: string;
  /** The stored value; the field starts from it and follows it while the user is not typing. */
  saved: string;
  saveLabel: string;
  check: (value: string) => string | null;
  onSave: (value: string) => void;
  inputProps?: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur'>;
  extra?: ReactNode;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = draft ?? saved;

  function save(): void {
    const next = value.trim();
    if (next === saved) {
      setDraft(null);
      setError(null);
      return;
    }
    const problem = check(next);
    setError(problem);
    if (problem) return;
    setDraft(null);
    onSave(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    save();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <TextField
        {...inputProps}
        label={label}
        hint={hint}
        error={error}
        value={value}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(null);
        }}
        onBlur={save}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={getButtonClass({ variant: 'secondary', size: 'sm' })}>
          {saveLabel}
        </button>
        {extra}
      </div>
    </form>
  );
}
