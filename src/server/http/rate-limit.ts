// Per-client rate limits for the API: in memory for one instance, in Redis when REDIS_URL is set so that
// several instances share one budget. The client address comes from the configured proxy hop count.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';

export async function registerRateLimit(app: FastifyInstance, config: Config, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    allowList: (request) => !request.url.startsWith('/api/'),
    keyGenerator: (request) => request.ip,
    ...(redis ? { redis, nameSpace: 'lootklip-rl:', skipOnError: true } : {}),
  });
}
