// Every error answered by an identity route carries one of AUTH_ERROR_CODES (src/shared/contracts/auth.ts): the
// auth routes' own error handler turns validation failures, refused tokens, limits and outages into coded
// AppErrors, and the app's error handler (src/server/http/error-handler.ts) writes them.
import type { FastifyError, FastifyReply } from 'fastify';
import { AUTH_ERROR_CODES, type AuthErrorCode } from '../../shared/contracts/auth.ts';
import { AUTH_MESSAGES } from '../../shared/auth-messages.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { AppError, ERROR_STATUS, type ErrorCode } from '../errors.ts';
import { isUnavailableError } from '../http/error-handler.ts';
import { describeRouteValidation } from '../http/validation.ts';

/** Codes for a malformed field; a password breaking the length rules is weak where one is being chosen. */
function fieldCode(field: string, routeUrl: string | undefined): AuthErrorCode {
  if (field === 'email') return 'auth/invalid-email';
  const choosesPassword = routeUrl?.endsWith('/sign-up') || routeUrl?.endsWith('/password-reset/confirm');
  if (field === 'newPassword' || (field === 'password' && choosesPassword)) return 'auth/weak-password';
  // A reset link's token that cannot be one (decision 0045).
  if (field === 'token' && routeUrl?.endsWith('/password-reset/confirm')) return 'auth/invalid-action-code';
  return 'auth/invalid-argument';
}

const isAuthCode = (value: unknown): value is AuthErrorCode =>
  AUTH_ERROR_CODES.some((code) => code === value);

const coded = (status: ErrorCode, message: string, reason: AuthErrorCode) =>
  new AppError(status, message, { reason });

/** The same error with an auth/... code; errors that already carry one pass through. 5xx say nothing more. */
export function toAuthError(error: FastifyError | AppError, routeUrl?: string): Error {
  if (error instanceof AppError) {
    if (isAuthCode(error.details?.reason)) return error;
    if (error.code === 'unauthorized') return coded('unauthorized', error.message, 'auth/session-expired');
    if (error.code === 'too-many-requests') return coded(error.code, error.message, 'auth/too-many-requests');
    if (error.status < 500) return coded(error.code, error.message, 'auth/invalid-argument');
    if (error.code === 'unavailable') return coded(error.code, error.message, 'auth/network-request-failed');
    return coded('internal', SERVER_MESSAGES.internal, 'auth/internal-error');
  }
  const invalid = describeRouteValidation(error);
  if (invalid) return coded('bad-request', invalid.message, fieldCode(invalid.field, routeUrl));
  if (error.statusCode === 429)
    return coded('too-many-requests', AUTH_MESSAGES.tooManyAttempts, 'auth/too-many-requests');
  if (isUnavailableError(error))
    return coded('unavailable', SERVER_MESSAGES.unavailable, 'auth/network-request-failed');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((known) => ERROR_STATUS[known] === status);
    return coded(code ?? 'bad-request', error.message, 'auth/invalid-argument');
  }
  return coded('internal', SERVER_MESSAGES.internal, 'auth/internal-error');
}

/** A refused attempt: 429 auth/too-many-requests, with Retry-After saying when the next may come. */
export function refuseTooManyAttempts(
  reply: FastifyReply,
  retryAfterSeconds: number,
  message: string = AUTH_MESSAGES.tooManyAttempts,
): never {
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('too-many-requests', message, { reason: 'auth/too-many-requests' });
}
