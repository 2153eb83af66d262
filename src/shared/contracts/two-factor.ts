// Two-factor sign-in (decision 0075), under the identity API (AUTH_API_PATH):
//
//   GET  /api/v1/auth/two-factor          (bearer)                      -> 200 TwoFactorStatusResponse
//   POST /api/v1/auth/two-factor/setup    (bearer)                      -> 200 TwoFactorSetupResponse: a new
//                                                                          pending secret (replaces an older one);
//                                                                          409 when two-factor is already on
//   POST /api/v1/auth/two-factor/confirm  (bearer) TwoFactorConfirmBody -> 200 TwoFactorRecoveryCodesResponse:
//                                                                          on, with ten recovery codes shown once
//   POST /api/v1/auth/two-factor/disable  (bearer) TwoFactorDisableBody -> 200 TwoFactorStatusResponse
//   POST /api/v1/auth/two-factor/verify   TwoFactorVerifyBody           -> 200 SessionResponse, sets the refresh
//                                                                          cookie: the second step of a sign-in
//
// POST /auth/sign-in of an account with two-factor on answers TwoFactorChallengeResponse and no session.
import { z } from 'zod';
import { TWO_FACTOR_DIGITS } from '../constants.ts';

export const TWO_FACTOR_API_PATH = '/api/v1/auth/two-factor';

/** Six digits; spaces (as apps group them) are dropped. */
export const TwoFactorCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z.string().regex(new RegExp(`^\\d{${TWO_FACTOR_DIGITS}}$`), `enter the ${TWO_FACTOR_DIGITS}-digit code`),
  );

/** A recovery code as shown (two groups of five) or typed without the dash, in either case. */
export const RecoveryCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, 'enter a recovery code as it was shown'));

/** A code from the app, or a recovery code: told apart by their shapes. */
export const CodeOrRecoveryCodeSchema = z.string().trim().min(1).max(40);

export const TwoFactorStatusSchema = z.object({ enabled: z.boolean() });
export const TwoFactorStatusResponseSchema = z.object({
  success: z.literal(true),
  data: TwoFactorStatusSchema,
});
export type TwoFactorStatusResponse = z.infer<typeof TwoFactorStatusResponseSchema>;

export const TwoFactorSetupSchema = z.object({
  /** The secret in base32, for typing into the app by hand. */
  manualKey: z.string(),
  /** otpauth://totp/... : what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document (drawn on the server, so the client carries no QR library). */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
export const TwoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  data: TwoFactorSetupSchema,
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

export const TwoFactorConfirmBodySchema = z.object({ code: TwoFactorCodeSchema });
export type TwoFactorConfirmBody = z.input<typeof TwoFactorConfirmBodySchema>;

export const TwoFactorRecoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});
export type TwoFactorRecoveryCodesResponse = z.infer<typeof TwoFactorRecoveryCodesResponseSchema>;

export const TwoFactorDisableBodySchema = z.object({
  password: z.string().min(1).max(200),
  code: CodeOrRecoveryCodeSchema,
});
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBodySchema>;

/** The second step of a sign-in: the challenge, and exactly one of a code and a recovery code. */
export const TwoFactorVerifyBodySchema = z
  .object({
    challenge: z.string().min(1).max(200),
    code: TwoFactorCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    path: ['code'],
    message: 'send either a code or a recovery code',
  });
export type TwoFactorVerifyBody = z.input<typeof TwoFactorVerifyBodySchema>;

export const TwoFactorChallengeSchema = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  /** Single use, short-lived (TWO_FACTOR_CHALLENGE_TTL_MS); sent back with the code. */
  challenge: z.string(),
});
export type TwoFactorChallengeResponse = z.infer<typeof TwoFactorChallengeSchema>;
