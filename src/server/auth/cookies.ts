// The identity cookies, written through @fastify/cookie: the refresh cookie of src/shared/contracts/auth.ts
// (HttpOnly, SameSite=Strict, scoped to the auth routes, Secure in production) and the page's session hint.
// @fastify/cookie keeps one pending cookie per name and path until the answer is sent, so setting a cookie again
// in the same request (a refresh that fails after issuing, say) replaces it instead of adding a second header.
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE_NAME } from '../../shared/constants.ts';
import { AUTH_API_PATH, REFRESH_COOKIE_NAME } from '../../shared/contracts/auth.ts';

export { fastifyCookie };

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  sameSite: 'strict' | 'lax';
  secure: boolean;
  /** Hidden from the page's scripts; true unless said otherwise. */
  httpOnly?: boolean;
}

/** Sets a cookie on the answer, which is then never cached; an empty value with max age 0 deletes it. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  reply.setCookie(name, value, {
    path: options.path,
    maxAge: Math.max(0, Math.floor(options.maxAgeSeconds)),
    httpOnly: options.httpOnly ?? true,
    sameSite: options.sameSite,
    secure: options.secure,
  });
  reply.header('cache-control', 'no-store');
}

/** Sets the refresh cookie to a new token, or clears it (null), and the page's session hint with it. */
export function setRefreshCookie(
  reply: FastifyReply,
  issued: { refreshToken: string; refreshExpiresAt: Date } | null,
  secure: boolean,
): void {
  const maxAgeSeconds = issued ? (issued.refreshExpiresAt.getTime() - Date.now()) / 1000 : 0;
  setCookie(reply, REFRESH_COOKIE_NAME, issued?.refreshToken ?? '', {
    path: AUTH_API_PATH,
    maxAgeSeconds,
    sameSite: 'strict',
    secure,
  });
  setCookie(reply, SESSION_HINT_COOKIE_NAME, issued ? '1' : '', {
    path: '/',
    maxAgeSeconds,
    sameSite: 'strict',
    secure,
    httpOnly: false,
  });
}

/** Whether the request carries the session hint: its browser holds a refresh cookie, so a session is likely. */
export function hasSessionHint(request: FastifyRequest): boolean {
  // Parsed here, not by the plugin: pages are served outside the auth routes' scope, where it is registered.
  return fastifyCookie.parse(request.headers.cookie ?? '')[SESSION_HINT_COOKIE_NAME] === '1';
}
