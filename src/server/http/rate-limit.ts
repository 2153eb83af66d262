// Per-client rate limits for the API: in memory for one instance, in Redis when REDIS_URL is set so that
// several instances share one budget. The client address comes from the configured proxy hop count. Whether a
// request is an API one is read from the route the router matched, so no spelling of a path escapes the budget.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { isApiRequest } from './request-path.ts';

export async function registerRateLimit(app: FastifyInstance, config: Config, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    allowList: (request) => !isApiRequest(request),
    keyGenerator: (request) => request.ip,
    ...(redis ? { redis, nameSpace: 'lootklip-rl:', skipOnError: true } : {}),
  });
}
