// The path of a request as the router reads it. Decisions made on the path (is it the API? which budget?) must see
// what the router sees, or `//api/...`, `/api//v1/...` and `/%61pi/...` reach an API route while looking like a page.
import type { FastifyRequest } from 'fastify';

/**
 * The URL's path, percent-decoded, with runs of slashes collapsed and no trailing slash (the router's
 * ignoreDuplicateSlashes and ignoreTrailingSlash). A path that does not decode is kept as it is: the router refuses
 * it before any route runs.
 */
export function normalizeRequestPath(url: string): string {
  const rawPath = url.split('?', 1)[0] ?? '/';
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // Left encoded on purpose, see above.
  }
  const collapsed = decoded.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/** The route pattern the router matched (`/api/v1/products/:id`), or the normalised path when none matched. */
function getResolvedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? normalizeRequestPath(request.url);
}

/** Whether the request is for the API (or an unknown path under it), however its path is spelled. */
export function isApiRequest(request: FastifyRequest): boolean {
  const resolved = getResolvedPath(request);
  return resolved === '/api' || resolved.startsWith('/api/');
}
