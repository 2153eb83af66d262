import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { ICON_BUTTON_CLASS } from '../../../components/ui/button-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';

/** A TextField whose text can be shown and hidden again. */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={ICON_BUTTON_CLASS}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      }
    />
  );
}
