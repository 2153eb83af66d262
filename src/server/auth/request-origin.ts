// Cookie-authenticated identity routes answer only requests of our own pages (decision 0048): a browser says where
// a request comes from in Origin and Sec-Fetch-Site, and a client that is no browser sends neither.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AUTH_MESSAGES } from '../../shared/auth-messages.ts';
import { AppError } from '../errors.ts';
import { findRequestOrigin } from '../http/request-host.ts';

/** Sec-Fetch-Site values of a request made by another site's page (a sibling subdomain is another origin too). */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

function toOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * True when the browser says the request comes from another site: Sec-Fetch-Site says so, or Origin names neither
 * the origin the request was sent to nor the configured public one (`null`, a sandboxed or privacy-hidden origin,
 * is never ours). Neither header (curl, a server, an older browser's same-origin GET) passes.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && FOREIGN_FETCH_SITES.has(fetchSite.toLowerCase())) return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const ours = [findRequestOrigin(request), toOrigin(publicUrl)];
  return !ours.includes(toOrigin(origin) ?? 'null');
}

/** An onRequest hook answering 403 auth/cross-site-request before the body or any cookie is read. */
export const refuseCrossSite =
  (publicUrl: string): onRequestAsyncHookHandler =>
  async (request) => {
    if (isCrossSiteRequest(request, publicUrl)) {
      throw new AppError('forbidden', AUTH_MESSAGES.crossSiteRequest, { reason: 'auth/cross-site-request' });
    }
  };
