import clsx from 'clsx';
import { useId, useState } from 'react';

export type Choice<Value extends string> = { value: Value; label: string; hint?: string };

/**
 * One of a few values: a real radio group (arrow keys move and choose, the browser's own behaviour), each choice a
 * card with a plain-language hint of what it does. The chosen radio stays chosen from the click on: the saved value
 * reaches `value` a task later (the settings cache notifies its readers asynchronously), and a controlled radio
 * would jump back in between. A new `value` (saved, or put back after a refusal) replaces the shown one.
 */
export function ChoiceGroup<Value extends string>({
  legend,
  hint,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  value: Value;
  choices: readonly Choice<Value>[];
  onChange: (value: Value) => void;
}) {
  const id = useId();
  const [shown, setShown] = useState(value);
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    setShown(value);
  }
  const choose = (next: Value) => {
    setShown(next);
    onChange(next);
  };
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={clsx(
              'flex cursor-pointer flex-col gap-0.5 rounded-2xl border-2 px-3.5 py-2.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
              choice.value === shown ? 'border-brand bg-brand-soft' : 'border-line hover:border-ink-subtle',
            )}
          >
            <span className="flex items-center gap-2 text-sm font-semibold text-ink">
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={choice.value === shown}
                onChange={() => choose(choice.value)}
                aria-labelledby={`${id}-${choice.value}-label`}
                aria-describedby={choice.hint ? `${id}-${choice.value}` : undefined}
                className="size-4 accent-[var(--lk-brand)]"
              />
              <span id={`${id}-${choice.value}-label`}>{choice.label}</span>
            </span>
            {choice.hint ? (
              <span id={`${id}-${choice.value}`} className="text-xs text-ink-muted">
                {choice.hint}
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
