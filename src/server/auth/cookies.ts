// The identity cookies: reading one from the request, and the refresh cookie of src/shared/contracts/auth.ts
// (HttpOnly, SameSite=Strict, scoped to the auth routes, Secure in production).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE_NAME } from '../../shared/constants.ts';
import { AUTH_API_PATH, REFRESH_COOKIE_NAME } from '../../shared/contracts/auth.ts';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  sameSite: 'Strict' | 'Lax';
  secure: boolean;
  /** Hidden from the page's scripts; true unless said otherwise. */
  httpOnly?: boolean;
}

/** Adds a Set-Cookie header (keeping any set before); an empty value with max age 0 deletes the cookie. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const cookie = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    ...(options.httpOnly === false ? [] : ['HttpOnly']),
    `SameSite=${options.sameSite}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
  const previous = reply.getHeader('set-cookie');
  reply.header('set-cookie', previous === undefined ? cookie : [previous, cookie].flat().map(String));
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
    sameSite: 'Strict',
    secure,
  });
  setCookie(reply, SESSION_HINT_COOKIE_NAME, issued ? '1' : '', {
    path: '/',
    maxAgeSeconds,
    sameSite: 'Strict',
    secure,
    httpOnly: false,
  });
}
