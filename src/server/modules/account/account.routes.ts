// Deleting one's own account over HTTP (src/shared/contracts/account.ts; docs/decisions/0076-account-deletion.md):
// the signed-in user only, and only their own account. A wrong confirmation counts as a failed sign-in, on the
// sign-in throttle's own counters (decision 0031), so a stolen session cannot guess the password here instead.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_API_PATH,
  AccountDeletionResponseSchema,
  DeleteAccountBodySchema,
  DeleteAccountResponseSchema,
} from '../../../shared/contracts/account.ts';
import {
  SIGN_IN_PER_ACCOUNT_AND_IP_MAX,
  SIGN_IN_PER_ACCOUNT_MAX,
  SIGN_IN_PER_IP_MAX,
  SIGN_IN_WINDOW_MS,
} from '../../../shared/constants.ts';
import { refuseTooManyAttempts } from '../../auth/auth-errors.ts';
import { AppError } from '../../errors.ts';
import { requireUserOnEveryRoute } from '../../http/route-access.ts';
import type { AttemptLimit, AttemptLimiter } from '../../http/attempt-limiter.ts';
import type { AccountService } from './account.service.ts';

export interface AccountRoutesOptions {
  account: AccountService;
  requireUser: preHandlerAsyncHookHandler;
  /** The identity routes' limiter: the counts a wrong password adds are the ones sign-in reads. */
  limiter: AttemptLimiter;
}

/** The sign-in throttle's keys (src/server/auth/sign-in-throttle.ts): per address, and per account and address. */
const addressLimits = (ip: string, email: string): AttemptLimit[] => [
  { key: `sign-in:${ip}`, max: SIGN_IN_PER_IP_MAX, windowMs: SIGN_IN_WINDOW_MS },
  { key: `sign-in:${email}:${ip}`, max: SIGN_IN_PER_ACCOUNT_AND_IP_MAX, windowMs: SIGN_IN_WINDOW_MS },
];
/** The account's failures from everywhere, which slow its sign-ins. */
const accountFailures = (email: string): AttemptLimit => ({
  key: `sign-in-failures:${email}`,
  max: SIGN_IN_PER_ACCOUNT_MAX,
  windowMs: SIGN_IN_WINDOW_MS,
});

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, requireUser, limiter },
) => {
  requireUserOnEveryRoute(app, requireUser);

  app.get(
    `${ACCOUNT_API_PATH}/deletion`,
    {
      schema: {
        tags: ['account'],
        summary: 'How deleting the account is confirmed (password or username)',
        response: { 200: AccountDeletionResponseSchema },
      },
    },
    async (request) => {
      const { confirmWith } = await account.getDeletionCheck(request.userId!);
      return { success: true as const, confirmWith };
    },
  );

  app.delete(
    ACCOUNT_API_PATH,
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the signed-in user’s account and everything it owns',
        errors: [403],
        body: DeleteAccountBodySchema,
        response: { 200: DeleteAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.userId!;
      const email = (await account.getDeletionCheck(userId)).email.trim().toLowerCase();
      const limits = addressLimits(request.ip, email);
      const result = await limiter.hit(limits);
      if (!result.allowed) refuseTooManyAttempts(reply, result.retryAfterSeconds);
      try {
        await account.deleteAccount(userId, request.body);
      } catch (error) {
        if (error instanceof AppError && error.details?.reason === 'auth/wrong-password') {
          await limiter.record(accountFailures(email));
        } else {
          await limiter.refund(limits);
        }
        throw error;
      }
      await limiter.refund(limits);
      return { success: true as const };
    },
  );
};
