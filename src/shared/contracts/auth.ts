// The identity API (docs/architecture.md "Identity"): the contract both the server routes and the client's auth
// store use.
//
//   POST /api/v1/auth/sign-up              SignUpBody       -> 201 SessionResponse, sets the refresh cookie
//   POST /api/v1/auth/sign-in              SignInBody       -> 200 SessionResponse, sets the refresh cookie
//   POST /api/v1/auth/refresh              (refresh cookie) -> 200 SessionResponse, rotates the refresh cookie
//   POST /api/v1/auth/sign-out             (refresh cookie) -> 200 { success }, revokes the family, clears it
//   POST /api/v1/auth/sign-out-everywhere  (bearer)         -> 200 { success }, ends every session of the user
//   POST /api/v1/auth/password             (bearer) PasswordChangeBody -> 200 SessionResponse (others end)
//   POST /api/v1/auth/password-reset/request  PasswordResetRequestBody -> 200 PasswordResetResponse, whatever
//                                                              the e-mail (a link is mailed when it has an account)
//   POST /api/v1/auth/password-reset/confirm  PasswordResetConfirmBody -> 200 PasswordResetResponse, every
//                                                              session of the account ended; 400
//                                                              auth/invalid-action-code for a used or expired link
//   GET  /api/v1/auth/providers                             -> 200 ProvidersResponse
//   GET  /api/v1/auth/oidc/start           (in the popup)   -> 302 to the external provider
//   GET  /api/v1/auth/oidc/callback        (in the popup)   -> HTML that posts an OidcPopupMessage to its opener
//                                                              (target origin: our own) and closes; on success
//                                                              the refresh cookie is set and the opener calls
//                                                              /auth/refresh. No token travels in the message.
//   GET  /.well-known/jwks.json                             -> the public signing keys
//
// The refresh token lives only in an HttpOnly, SameSite=Strict cookie scoped to /api/v1/auth; the ID token only
// in memory. Errors answer { success: false, message, code } with code one of AUTH_ERROR_CODES.
import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../constants.ts';

export const AUTH_API_PATH = '/api/v1/auth';
export const REFRESH_COOKIE_NAME = 'lk_refresh';
export const OIDC_POPUP_MESSAGE_TYPE = 'lootklip:oidc';

export const AUTH_ERROR_CODES = [
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/email-already-in-use',
  'auth/username-already-in-use',
  'auth/weak-password',
  'auth/invalid-email',
  'auth/too-many-requests',
  'auth/network-request-failed',
  'auth/popup-blocked',
  'auth/popup-closed-by-user',
  'auth/invalid-auth-event',
  'auth/account-exists-with-different-credential',
  'auth/session-expired',
  /** A password reset link that is unknown, expired or already used. */
  'auth/invalid-action-code',
  /** A cookie-authenticated call from another site's page (decision 0048). */
  'auth/cross-site-request',
  'auth/internal-error',
  /** A field other than e-mail or password is malformed (the message names it), or the body is not JSON. */
  'auth/invalid-argument',
  /** A two-factor code or recovery code that is wrong or was already used (decision 0075). */
  'auth/invalid-verification-code',
  /** A two-factor sign-in challenge that is unknown, used or expired: sign in with the password again. */
  'auth/code-expired',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/** Lowercased, trimmed, whitespace removed, then our rules (docs/product.md "Username check"). */
export const normalizeUsername = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, '');
export const UsernameSchema = z
  .string()
  .transform(normalizeUsername)
  .pipe(
    z
      .string()
      .min(USERNAME_MIN_LENGTH)
      .max(USERNAME_MAX_LENGTH)
      .regex(/^[a-z0-9._-]+$/, 'use lowercase letters, digits, ".", "_" or "-"'),
  );

export const SignUpBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: PasswordSchema,
  username: UsernameSchema,
  fullName: z.string().trim().min(1).max(100),
});
export type SignUpBody = z.input<typeof SignUpBodySchema>;

export const SignInBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

export const PasswordChangeBodySchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>;

export const PasswordResetRequestBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
});
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

export const PasswordResetConfirmBodySchema = z.object({
  /** base64url of 32 random bytes (43 characters); a little room for anything else, which is simply unknown. */
  token: z.string().min(1).max(200),
  password: PasswordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>;

export const PasswordResetResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type PasswordResetResponse = z.infer<typeof PasswordResetResponseSchema>;

/** The signed-in user as the auth state carries it (docs/product.md "Auth", "User profile"). */
export const AuthUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  username: z.string(),
  fullName: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

export const SessionSchema = z.object({
  user: AuthUserSchema,
  idToken: z.string(),
  /** Seconds until idToken expires. */
  expiresIn: z.number().int().positive(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionResponseSchema = z.object({ success: z.literal(true), data: SessionSchema });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const ProvidersResponseSchema = z.object({
  success: z.literal(true),
  /** Null when no external OpenID Connect provider is configured: the button is not shown. */
  external: z.object({ label: z.string() }).nullable(),
});
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;

export type OidcPopupMessage =
  | { type: typeof OIDC_POPUP_MESSAGE_TYPE; ok: true }
  | { type: typeof OIDC_POPUP_MESSAGE_TYPE; ok: false; code: AuthErrorCode; message: string };
