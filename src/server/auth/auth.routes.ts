// The identity API of src/shared/contracts/auth.ts, the JWKS, and the requireUser/optionalUser pre-handlers every
// other module uses (password reset links: password-reset.routes.ts, registered here). The refresh token travels
// only in an HttpOnly, SameSite=Strict cookie scoped to the auth routes; the ID token only in the JSON body and,
// afterwards, the Authorization header.
import type { FastifyError, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_API_PATH,
  PasswordChangeBodySchema,
  ProvidersResponseSchema,
  REFRESH_COOKIE_NAME,
  SessionResponseSchema,
  SignInBodySchema,
  SignUpBodySchema,
} from '../../shared/contracts/auth.ts';
import { TwoFactorChallengeSchema } from '../../shared/contracts/two-factor.ts';
import { SIGN_UP_PER_IP_MAX, SIGN_UP_WINDOW_MS } from '../../shared/constants.ts';
import { AUTH_MESSAGES } from '../../shared/auth-messages.ts';
import { HTTP_MESSAGES } from '../../shared/shell-messages.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { createAttemptLimiter, type AttemptLimit, type AttemptLimiter } from '../http/attempt-limiter.ts';
import { markAccess } from '../http/route-access.ts';
import { createMailer } from '../mail/mailer.ts';
import { refuseTooManyAttempts, toAuthError } from './auth-errors.ts';
import {
  isTwoFactorPending,
  type AuthService,
  type IssuedSession,
  type TwoFactorPending,
} from './auth.service.ts';
import { fastifyCookie, setRefreshCookie as setCookieOf } from './cookies.ts';
import type { IdTokens } from './id-tokens.ts';
import type { Oidc } from './oidc.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { refuseCrossSite } from './request-origin.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser or optionalUser. */
    userId?: string;
  }
}

const SuccessSchema = z.object({ success: z.literal(true) });

function readBearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * Hooks that turn a bearer token into request.userId; authenticated answers are never cached. Best used as
 * `onRequest`, so that a caller without a good token gets 401 before its body is read or validated.
 */
export function createAuthGuards(auth: AuthService) {
  const resolve = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readBearer(request);
    if (!token) return undefined;
    reply.header('cache-control', 'no-store');
    return (await auth.authenticate(token)) ?? null;
  };
  const requireUser: preHandlerAsyncHookHandler = async (request, reply) => {
    const userId = await resolve(request, reply);
    if (!userId) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
    request.userId = userId;
  };
  // Marked for the API document, which states each route's security from its guard (decision 0083).
  markAccess(requireUser, 'user');
  /** Signed-in or not, both fine; a token that is present but bad is still a 401. */
  const optionalUser: preHandlerAsyncHookHandler = async (request, reply) => {
    const userId = await resolve(request, reply);
    if (userId === null) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
    if (userId) request.userId = userId;
  };
  markAccess(optionalUser, 'optional-user');
  return { requireUser, optionalUser };
}

export interface AuthRoutesOptions {
  auth: AuthService;
  idTokens: IdTokens;
  config: Config;
  requireUser: preHandlerAsyncHookHandler;
  /** The external OpenID Connect provider; null when none is configured. */
  oidc: Oidc | null;
  /** Shares attempt counts between instances when set. */
  redis?: Redis | undefined;
  /** Two-factor sign-in (decision 0075): its routes are registered here. */
  twoFactor: TwoFactorService;
  /** The attempt counts, when the app shares them with other routes (account deletion's password check). */
  limiter?: AttemptLimiter;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, idTokens, config, requireUser } = options;

  // Registered here, not app-wide: only the identity routes read or write cookies.
  await app.register(fastifyCookie);
  const setRefreshCookie = (reply: FastifyReply, issued: IssuedSession | null) =>
    setCookieOf(reply, issued, config.isProduction);

  // Encapsulated: only the identity routes answer auth/... codes; the app's handler writes the body.
  app.setErrorHandler((error: FastifyError, request) => {
    const coded = toAuthError(error, request.routeOptions.url);
    if (coded instanceof AppError && coded.status === 500)
      request.log.error({ err: error }, 'request failed');
    throw coded;
  });

  const limiter = options.limiter ?? createAttemptLimiter(options.redis);
  /** A pre-handler counting the request against each limit; any exceeded one answers 429 with Retry-After. */
  const limit =
    (
      toLimits: (request: FastifyRequest) => AttemptLimit[],
      message: string = AUTH_MESSAGES.tooManyAttempts,
    ): preHandlerAsyncHookHandler =>
    async (request, reply) => {
      const result = await limiter.hit(toLimits(request));
      if (!result.allowed) refuseTooManyAttempts(reply, result.retryAfterSeconds, message);
    };

  // Sign-in throttles addresses, never accounts; a slowed account's sign-ins take turns, which its own devices skip
  // (sign-in-throttle.ts; decisions 0031 and 0048).
  const throttle = createSignInThrottle({
    auth,
    limiter,
    deviceSecret: idTokens.deriveSecret('device cookie'),
    secureCookies: config.isProduction,
  });

  app.get('/.well-known/jwks.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return idTokens.jwks;
  });

  app.post(
    `${AUTH_API_PATH}/sign-up`,
    {
      preHandler: limit((request) => [
        { key: `sign-up:${request.ip}`, max: SIGN_UP_PER_IP_MAX, windowMs: SIGN_UP_WINDOW_MS },
      ]),
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        errors: [409],
        body: SignUpBodySchema,
        response: { 201: SessionResponseSchema },
      },
    },
    async (request, reply) => {
      const issued = await auth.signUp(request.body);
      setRefreshCookie(reply, issued);
      throttle.rememberDevice(request, reply, issued.session.user.uid);
      return reply.code(201).send({ success: true as const, data: issued.session });
    },
  );

  app.post(
    `${AUTH_API_PATH}/sign-in`,
    {
      preHandler: [limit(throttle.addressLimits), throttle.takeAccountTurn],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (or get a two-factor challenge)',
        errors: [401],
        body: SignInBodySchema,
        response: { 200: z.union([SessionResponseSchema, TwoFactorChallengeSchema]) },
      },
    },
    async (request, reply) => {
      let issued: IssuedSession | TwoFactorPending;
      try {
        issued = await auth.signIn(request.body);
      } catch (error) {
        if (error instanceof AppError && error.details?.reason === 'auth/wrong-password') {
          await throttle.recordFailure(request);
        } else {
          await throttle.refund(request);
        }
        throw error;
      }
      await throttle.refund(request);
      // Two-factor on: no session and no device cookie until the second step (two-factor.routes.ts verify).
      if (isTwoFactorPending(issued)) return { success: true as const, ...issued };
      setRefreshCookie(reply, issued);
      throttle.rememberDevice(request, reply, issued.session.user.uid);
      return { success: true as const, data: issued.session };
    },
  );

  // The routes that read the refresh cookie refuse other sites' pages; SameSite=Strict alone kept the cookie out but
  // answered (decision 0048). The OIDC callback reads no refresh cookie and is a cross-site navigation by design.
  const sameSiteOnly = refuseCrossSite(config.publicUrl);

  app.post(
    `${AUTH_API_PATH}/refresh`,
    {
      onRequest: sameSiteOnly,
      schema: {
        tags: ['auth'],
        summary: 'Get a new ID token with the refresh cookie',
        security: [{ refreshCookie: [] }],
        errors: [401, 403],
        response: { 200: SessionResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const issued = await auth.refresh(request.cookies[REFRESH_COOKIE_NAME]);
        setRefreshCookie(reply, issued);
        return { success: true as const, data: issued.session };
      } catch (error) {
        setRefreshCookie(reply, null);
        throw error;
      }
    },
  );

  app.post(
    `${AUTH_API_PATH}/sign-out`,
    {
      onRequest: sameSiteOnly,
      schema: {
        tags: ['auth'],
        summary: 'Sign this device out (ends the refresh cookie’s session)',
        security: [{ refreshCookie: [] }],
        errors: [403],
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      await auth.signOut(request.cookies[REFRESH_COOKIE_NAME]);
      setRefreshCookie(reply, null);
      return { success: true as const };
    },
  );

  app.post(
    `${AUTH_API_PATH}/sign-out-everywhere`,
    {
      onRequest: requireUser,
      schema: { tags: ['auth'], summary: 'Sign out on every device', response: { 200: SuccessSchema } },
    },
    async (request, reply) => {
      await auth.signOutEverywhere(request.userId!);
      setRefreshCookie(reply, null);
      return { success: true as const };
    },
  );

  app.post(
    `${AUTH_API_PATH}/password`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the password (answers a new session)',
        body: PasswordChangeBodySchema,
        response: { 200: SessionResponseSchema },
      },
    },
    async (request, reply) => {
      const issued = await auth.changePassword(request.userId!, request.body);
      setRefreshCookie(reply, issued);
      return { success: true as const, data: issued.session };
    },
  );

  app.get(
    `${AUTH_API_PATH}/providers`,
    {
      schema: {
        tags: ['auth'],
        summary: 'Which external sign-in provider is offered, if any',
        response: { 200: ProvidersResponseSchema },
      },
    },
    async () => ({ success: true as const, external: options.oidc ? { label: options.oidc.label } : null }),
  );

  await app.register(twoFactorRoutes, {
    auth,
    twoFactor: options.twoFactor,
    limiter,
    requireUser,
    setRefreshCookie,
    rememberDevice: throttle.rememberDevice,
  });

  await app.register(passwordResetRoutes, { auth, config, limit, mailer: createMailer(config, app.log) });

  await app.register(oidcRoutes, {
    auth,
    oidc: options.oidc,
    secret: idTokens.deriveSecret('oidc transaction'),
    config,
  });
};
