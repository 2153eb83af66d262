// Forgot password (docs/product.md "Auth pages", decision 0045): ask for a reset link, and set a new password with
// its token. POST /auth/password-reset/request and /confirm (src/shared/contracts/auth.ts).
import type {
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  PasswordResetResponse,
} from '../../../../shared/contracts/auth.ts';
import { api } from '../../../lib/api-client.ts';

/** Answers the same whether or not the e-mail has an account. */
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  api.post<PasswordResetResponse>('/auth/password-reset/request', body);

/** Sets the new password and signs the account out everywhere; refused (auth/invalid-action-code) once used. */
export const confirmPasswordReset = (body: PasswordResetConfirmBody) =>
  api.post<PasswordResetResponse>('/auth/password-reset/confirm', body);
