// Forgot password (docs/product.md "Auth pages", docs/decisions/0045-password-reset.md): a request mails a reset link
// to the account of an e-mail, and the link's token sets a new password once. The request is answered the same, at
// once, whether or not the e-mail has an account: looking it up, writing the link and sending the mail happen after
// the answer, so neither its body nor its time tells. Registered inside the identity routes, whose error handler
// gives every refusal its auth/... code.
import type { FastifyBaseLogger, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_API_PATH,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  PasswordResetResponseSchema,
  type PasswordResetRequestBody,
} from '../../shared/contracts/auth.ts';
import {
  PASSWORD_RESET_PAGE_PATH,
  PASSWORD_RESET_PER_EMAIL_MAX,
  PASSWORD_RESET_PER_IP_MAX,
  PASSWORD_RESET_TOKEN_PARAM,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_WINDOW_MS,
} from '../../shared/constants.ts';
import { PASSWORD_RESET_MESSAGES } from '../../shared/auth-messages.ts';
import type { Config } from '../config.ts';
import type { AttemptLimit } from '../http/attempt-limiter.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AuthService } from './auth.service.ts';

export interface PasswordResetRoutesOptions {
  auth: AuthService;
  config: Config;
  mailer: Mailer;
  /** The identity routes' attempt limits: a pre-handler answering 429 with Retry-After, with this message. */
  limit: (
    toLimits: (request: FastifyRequest) => AttemptLimit[],
    message: string,
  ) => preHandlerAsyncHookHandler;
}

const TTL_MINUTES = PASSWORD_RESET_TTL_MS / 60_000;

/** The page the link opens, with the token: `${PUBLIC_URL}/auth/reset-password?token=...`. */
export function buildResetLink(publicUrl: string, token: string): string {
  const url = new URL(PASSWORD_RESET_PAGE_PATH, publicUrl);
  url.searchParams.set(PASSWORD_RESET_TOKEN_PARAM, token);
  return url.toString();
}

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (
  app,
  options,
) => {
  const { auth, config, mailer, limit } = options;

  /** Work begun after an answer; the server's close waits for it, so a shutdown loses no mail under way. */
  const pending = new Set<Promise<void>>();
  const afterAnswer = (log: FastifyBaseLogger, work: () => Promise<void>) => {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'password reset mail failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
  };
  app.addHook('onClose', async () => {
    await Promise.all(pending);
    mailer.close();
  });

  async function mailResetLink(email: string, log: FastifyBaseLogger): Promise<void> {
    const reset = await auth.createPasswordReset(email);
    if (!reset) return;
    const link = buildResetLink(config.publicUrl, reset.token);
    await mailer.send({
      to: reset.email,
      subject: PASSWORD_RESET_MESSAGES.mailSubject,
      text: PASSWORD_RESET_MESSAGES.mailText(link, TTL_MINUTES),
    });
    // Without a mail server the link is also in the log, for whoever runs a fresh clone; never in production,
    // where the log is read by more people than the account's owner (the token takes the account over).
    if (mailer.kind === 'outbox' && !config.isProduction) {
      log.info({ to: reset.email, link }, 'password reset link');
    }
  }

  const requestedEmail = (request: FastifyRequest) => (request.body as PasswordResetRequestBody).email;

  app.post(
    `${AUTH_API_PATH}/password-reset/request`,
    {
      // Per address, and per e-mail (each request may mail that inbox), as sign-in limits addresses. Counted for
      // any e-mail, with or without an account, so a 429 tells nothing either.
      preHandler: limit(
        (request) => [
          {
            key: `password-reset:${request.ip}`,
            max: PASSWORD_RESET_PER_IP_MAX,
            windowMs: PASSWORD_RESET_WINDOW_MS,
          },
          {
            key: `password-reset:${requestedEmail(request)}`,
            max: PASSWORD_RESET_PER_EMAIL_MAX,
            windowMs: PASSWORD_RESET_WINDOW_MS,
          },
        ],
        PASSWORD_RESET_MESSAGES.tooManyRequests,
      ),
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link by e-mail (the same answer for any address)',
        body: PasswordResetRequestBodySchema,
        response: { 200: PasswordResetResponseSchema },
      },
    },
    async (request) => {
      afterAnswer(request.log, () => mailResetLink(request.body.email, request.log));
      return { success: true as const, message: PASSWORD_RESET_MESSAGES.requested };
    },
  );

  app.post(
    `${AUTH_API_PATH}/password-reset/confirm`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link’s token',
        body: PasswordResetConfirmBodySchema,
        response: { 200: PasswordResetResponseSchema },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { success: true as const, message: PASSWORD_RESET_MESSAGES.done };
    },
  );
};
