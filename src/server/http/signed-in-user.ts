// The signed-in user of a request that passed requireUser (src/server/auth/auth.routes.ts createAuthGuards).
import type { FastifyRequest } from 'fastify';
import { HTTP_MESSAGES } from '../../shared/shell-messages.ts';
import { AppError } from '../errors.ts';

/** The caller's user id; a 401 when the route forgot its requireUser guard, never an anonymous write. */
export function readUserId(request: FastifyRequest): string {
  const userId = request.userId;
  if (!userId) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
  return userId;
}
