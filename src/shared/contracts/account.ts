// Deleting one's own account (docs/decisions/0076-account-deletion.md): the contract the account routes and the
// settings screen's danger zone share.
//
//   GET    /api/v1/account/deletion  (bearer)                    -> 200 AccountDeletionResponse: what confirms it
//   DELETE /api/v1/account           (bearer) DeleteAccountBody  -> 200 { success }; 403 auth/wrong-password
//                                                                   when the password (or username) does not match
//
// An account with a password confirms with it; one made through the external provider alone has none and types
// its username instead.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../constants.ts';

export const ACCOUNT_API_PATH = '/api/v1/account';

export const ACCOUNT_CONFIRMATIONS = ['password', 'username'] as const;
export type AccountConfirmation = (typeof ACCOUNT_CONFIRMATIONS)[number];

export const DeleteAccountBodySchema = z.union([
  z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }).strict(),
  z.object({ username: z.string().trim().min(1).max(USERNAME_MAX_LENGTH) }).strict(),
]);
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const AccountDeletionResponseSchema = z.object({
  success: z.literal(true),
  confirmWith: z.enum(ACCOUNT_CONFIRMATIONS),
});
export type AccountDeletionResponse = z.infer<typeof AccountDeletionResponseSchema>;

export const DeleteAccountResponseSchema = z.object({ success: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponseSchema>;
