// The fields more than one auth form has, with the same attributes and rules everywhere: the e-mail and a new
// password (sign-up and reset follow the same password rules).
import type { ComponentProps } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/constants.ts';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/shell-messages.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { PasswordField } from './password-field.tsx';

export const EMAIL_MESSAGE = AUTH_ERROR_MESSAGES['auth/invalid-email']!;
export const NEW_PASSWORD_MESSAGE = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...props} />;
}

export function NewPasswordField({
  hinted = true,
  ...props
}: ComponentProps<typeof PasswordField> & { hinted?: boolean }) {
  return (
    <PasswordField
      autoComplete="new-password"
      required
      maxLength={PASSWORD_MAX_LENGTH}
      hint={hinted ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
      {...props}
    />
  );
}
