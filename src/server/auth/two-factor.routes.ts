// Two-factor sign-in routes (src/shared/contracts/two-factor.ts; decision 0075), registered inside the identity
// routes, whose error handler gives every refusal its auth/... code. Wrong codes count like wrong passwords: per
// address in the sign-in limits, and per account (TWO_FACTOR_FAILURES_MAX in SIGN_IN_WINDOW_MS), then 429.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionResponseSchema } from '../../shared/contracts/auth.ts';
import {
  TWO_FACTOR_API_PATH,
  TwoFactorConfirmBodySchema,
  TwoFactorDisableBodySchema,
  TwoFactorRecoveryCodesResponseSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusResponseSchema,
  TwoFactorVerifyBodySchema,
} from '../../shared/contracts/two-factor.ts';
import { SIGN_IN_PER_IP_MAX, SIGN_IN_WINDOW_MS, TWO_FACTOR_FAILURES_MAX } from '../../shared/constants.ts';
import { AppError } from '../errors.ts';
import type { AttemptLimit, AttemptLimiter } from '../http/attempt-limiter.ts';
import { refuseTooManyAttempts } from './auth-errors.ts';
import type { AuthService, IssuedSession } from './auth.service.ts';
import type { SecondFactor, TwoFactorService } from './two-factor.service.ts';

export interface TwoFactorRoutesOptions {
  auth: AuthService;
  twoFactor: TwoFactorService;
  limiter: AttemptLimiter;
  requireUser: preHandlerAsyncHookHandler;
  /** Sets the refresh cookie of a new session, as a password sign-in does. */
  setRefreshCookie: (reply: FastifyReply, issued: IssuedSession) => void;
  /** Remembers the device for the account, as a password sign-in does (sign-in-throttle.ts). */
  rememberDevice: (request: FastifyRequest, reply: FastifyReply, userId: string) => void;
}

const isWrongCode = (error: unknown) =>
  error instanceof AppError && error.details?.reason === 'auth/invalid-verification-code';

export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, options) => {
  const { auth, twoFactor, limiter, requireUser } = options;

  const codeLimits = (request: FastifyRequest, userId: string | null): AttemptLimit[] => [
    // The same key as the password sign-in's address limit: codes and passwords share it.
    { key: `sign-in:${request.ip}`, max: SIGN_IN_PER_IP_MAX, windowMs: SIGN_IN_WINDOW_MS },
    ...(userId
      ? [{ key: `two-factor:${userId}`, max: TWO_FACTOR_FAILURES_MAX, windowMs: SIGN_IN_WINDOW_MS }]
      : []),
  ];

  /**
   * Runs a code check counted against the limits: counted before (so concurrent guesses cannot all pass one peek)
   * and taken back unless the code was wrong.
   */
  async function countingWrongCodes<T>(
    reply: FastifyReply,
    limits: AttemptLimit[],
    check: () => Promise<T>,
  ): Promise<T> {
    const result = await limiter.hit(limits);
    if (!result.allowed) refuseTooManyAttempts(reply, result.retryAfterSeconds);
    try {
      const value = await check();
      await limiter.refund(limits);
      return value;
    } catch (error) {
      if (!isWrongCode(error)) await limiter.refund(limits);
      throw error;
    }
  }

  app.get(
    TWO_FACTOR_API_PATH,
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Whether two-factor sign-in is on',
        response: { 200: TwoFactorStatusResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: { enabled: await twoFactor.isOn(request.userId!) } }),
  );

  app.post(
    `${TWO_FACTOR_API_PATH}/setup`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Start turning two-factor sign-in on: a new secret to scan',
        errors: [409],
        response: { 200: TwoFactorSetupResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await twoFactor.setup(request.userId!) }),
  );

  app.post(
    `${TWO_FACTOR_API_PATH}/confirm`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes',
        errors: [409],
        body: TwoFactorConfirmBodySchema,
        response: { 200: TwoFactorRecoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.userId!;
      const recoveryCodes = await countingWrongCodes(reply, codeLimits(request, userId), () =>
        twoFactor.confirm(userId, request.body.code),
      );
      return { success: true as const, data: { recoveryCodes } };
    },
  );

  app.post(
    `${TWO_FACTOR_API_PATH}/disable`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off (with the password or a code)',
        errors: [409],
        body: TwoFactorDisableBodySchema,
        response: { 200: TwoFactorStatusResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.userId!;
      await countingWrongCodes(reply, codeLimits(request, userId), () =>
        twoFactor.disable(userId, request.body),
      );
      return { success: true as const, data: { enabled: false } };
    },
  );

  app.post(
    `${TWO_FACTOR_API_PATH}/verify`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a two-factor sign-in with a code or a recovery code',
        errors: [401],
        body: TwoFactorVerifyBodySchema,
        response: { 200: SessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { challenge, code, recoveryCode } = request.body;
      const factor: SecondFactor = code !== undefined ? { code } : { recoveryCode: recoveryCode! };
      const userId = await twoFactor.findChallengeUser(challenge);
      const signedIn = await countingWrongCodes(reply, codeLimits(request, userId), () =>
        twoFactor.completeChallenge(challenge, factor),
      );
      const issued = await auth.beginSessionAfterSecondStep(signedIn);
      options.setRefreshCookie(reply, issued);
      options.rememberDevice(request, reply, signedIn);
      return { success: true as const, data: issued.session };
    },
  );
};
