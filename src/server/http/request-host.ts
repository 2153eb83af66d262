// The origin a request was sent to, as Fastify reads it (X-Forwarded-Proto/-Host only from TRUST_PROXY_HOPS proxy
// hops): what page previews link to without PUBLIC_URL, and what a same-origin browser request names in Origin.
import type { FastifyRequest } from 'fastify';

const HOST_PATTERN = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** The request's own scheme and host as an origin; null when its host is no plain host name. */
export function findRequestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || !HOST_PATTERN.test(host)) return null;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return new URL(`${protocol}://${host}`).origin;
}
