// Which sign-in a route asks for, as the API document states it (decision 0083): the guards of createAuthGuards
// carry their kind, so a route's security is read from the hook it really runs, never declared beside it.
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';

/** `user`: a bearer token is needed; `optional-user`: welcome without one, a bad one is a 401; `public`: neither. */
export type RouteAccess = 'user' | 'optional-user' | 'public';

const ACCESS = Symbol('route access');

type Marked = { [ACCESS]?: Exclude<RouteAccess, 'public'> };

/** The hook, marked as the guard of `access`; it runs as it is. */
export function markAccess<Hook extends object>(hook: Hook, access: Exclude<RouteAccess, 'public'>): Hook {
  Object.defineProperty(hook, ACCESS, { value: access });
  return hook;
}

/** The route's access, from the marked guards among its own onRequest and preHandler hooks. */
export function readRouteAccess(route: { onRequest?: unknown; preHandler?: unknown }): RouteAccess {
  const hooks = [route.onRequest, route.preHandler].flat().filter(Boolean) as Marked[];
  const kinds = hooks.map((hook) => hook[ACCESS]);
  if (kinds.includes('user')) return 'user';
  if (kinds.includes('optional-user')) return 'optional-user';
  return 'public';
}

/**
 * requireUser before every route the plugin declares, as each route's own first onRequest hook (where a plugin-wide
 * hook would run), so that the document reads it too.
 */
export function requireUserOnEveryRoute(app: FastifyInstance, requireUser: preHandlerAsyncHookHandler): void {
  app.addHook('onRoute', (route) => {
    route.onRequest = [requireUser, ...[route.onRequest ?? []].flat()];
  });
}
