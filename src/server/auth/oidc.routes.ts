// The external sign-in popup's two steps (src/shared/contracts/auth.ts): /oidc/start sends the popup to the
// provider with a fresh transaction cookie; /oidc/callback finishes the code flow, signs the account in (the refresh
// cookie is set here) and answers the page that tells the opener. No token travels in the message.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import {
  AUTH_API_PATH,
  AUTH_ERROR_CODES,
  OIDC_POPUP_MESSAGE_TYPE,
  type AuthErrorCode,
} from '../../shared/contracts/auth.ts';
import { OIDC_TRANSACTION_TTL_SECONDS } from '../../shared/constants.ts';
import { AUTH_MESSAGES } from '../../shared/auth-messages.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { AuthService } from './auth.service.ts';
import { setCookie, setRefreshCookie } from './cookies.ts';
import { sendPopupPage } from './oidc-popup.ts';
import { openTransaction, sealTransaction, type Oidc } from './oidc.ts';

export const OIDC_COOKIE_NAME = 'lk_oidc';
const OIDC_PATH = `${AUTH_API_PATH}/oidc`;

export interface OidcRoutesOptions {
  auth: AuthService;
  oidc: Oidc | null;
  /** Signs the transaction cookie. */
  secret: Buffer;
  config: Config;
}

const isNetworkFailure = (error: unknown): boolean =>
  error instanceof TypeError ||
  (error instanceof Error && ['TimeoutError', 'AbortError'].includes(error.name)) ||
  (error instanceof Error && error.cause !== undefined && isNetworkFailure(error.cause));

/** The code and sentence for a failed external sign-in; null for a failure of ours (a bug, the database down). */
function describeFailure(error: unknown): { status: number; code: AuthErrorCode; message: string } | null {
  if (error instanceof AppError) {
    const reason = error.details?.reason;
    const code = AUTH_ERROR_CODES.find((known) => known === reason);
    return code ? { status: error.status, code, message: error.message } : null;
  }
  if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
    return { status: 400, code: 'auth/popup-closed-by-user', message: AUTH_MESSAGES.externalCancelled };
  }
  if (isNetworkFailure(error)) {
    return { status: 502, code: 'auth/network-request-failed', message: AUTH_MESSAGES.externalUnreachable };
  }
  if (
    error instanceof client.ClientError ||
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.ResponseBodyError
  ) {
    return { status: 400, code: 'auth/invalid-auth-event', message: AUTH_MESSAGES.externalFailed };
  }
  return null;
}

export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (app, options) => {
  const { auth, oidc, secret, config } = options;
  const secure = config.isProduction;
  // Lax, not Strict: the callback is a navigation from the provider's site, and must still carry it.
  const setTransactionCookie = (reply: FastifyReply, value: string) =>
    setCookie(reply, OIDC_COOKIE_NAME, value, {
      path: OIDC_PATH,
      maxAgeSeconds: value ? OIDC_TRANSACTION_TTL_SECONDS : 0,
      sameSite: 'lax',
      secure,
    });
  const fail = (reply: FastifyReply, failure: { status: number; code: AuthErrorCode; message: string }) =>
    sendPopupPage(
      reply,
      failure.status,
      { type: OIDC_POPUP_MESSAGE_TYPE, ok: false, code: failure.code, message: failure.message },
      failure.message,
    );
  const notConfigured = {
    status: 404,
    code: 'auth/internal-error',
    message: AUTH_MESSAGES.externalNotConfigured,
  } as const;

  app.get(`${OIDC_PATH}/start`, { schema: { hide: true } }, async (request, reply) => {
    if (!oidc) return fail(reply, notConfigured);
    try {
      const { url, transaction } = await oidc.start();
      setTransactionCookie(reply, sealTransaction(secret, transaction));
      return reply.redirect(url, 302);
    } catch (error) {
      request.log.warn({ err: error }, 'external sign-in could not start');
      return fail(reply, {
        status: 502,
        code: 'auth/network-request-failed',
        message: AUTH_MESSAGES.externalUnreachable,
      });
    }
  });

  app.get(`${OIDC_PATH}/callback`, { schema: { hide: true } }, async (request, reply) => {
    if (!oidc) return fail(reply, notConfigured);
    const transaction = openTransaction(secret, request.cookies[OIDC_COOKIE_NAME]);
    // Used once, whatever the outcome.
    setTransactionCookie(reply, '');
    if (!transaction) {
      return fail(reply, {
        status: 400,
        code: 'auth/invalid-auth-event',
        message: AUTH_MESSAGES.externalFailed,
      });
    }
    try {
      const callbackUrl = new URL(oidc.redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      const identity = await oidc.finish(callbackUrl, transaction);
      const issued = await auth.signInExternal(identity);
      setRefreshCookie(reply, issued, secure);
      return sendPopupPage(
        reply,
        200,
        { type: OIDC_POPUP_MESSAGE_TYPE, ok: true },
        AUTH_MESSAGES.externalDone,
      );
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) {
        request.log.error({ err: error }, 'external sign-in failed');
        return fail(reply, { status: 500, code: 'auth/internal-error', message: SERVER_MESSAGES.internal });
      }
      request.log.warn({ err: error, code: failure.code }, 'external sign-in refused');
      return fail(reply, failure);
    }
  });
};
