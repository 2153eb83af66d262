// Fixed-window attempt counters for routes that need several keys at once (sign-in: per address, per account
// and address, and the failures on an account from everywhere), and turns that space a slowed account's attempts
// one after another (decision 0048). In memory for one instance; in Redis when it is configured, so that every
// instance shares the counts and the turns. @fastify/rate-limit runs one limit per request, so it cannot do this.
import type { Redis } from 'ioredis';

export interface AttemptLimit {
  key: string;
  max: number;
  windowMs: number;
}

export interface AttemptLimiter {
  /**
   * Counts one attempt against each limit in order and stops at the first one exceeded, so an attempt refused by
   * a narrow limit (this address) is not counted against a wider one (the whole account) that guards its owner.
   */
  hit(limits: AttemptLimit[]): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /**
   * Takes back the attempt an allowed hit() counted, for requests that turned out not to count (a correct
   * password): counting first and refunding after keeps concurrent guesses from all passing one check.
   */
  refund(limits: AttemptLimit[]): Promise<void>;
  /** Counts one attempt against a limit without refusing anything; answers the count in its window. */
  record(limit: AttemptLimit): Promise<number>;
  /** The attempts counted against a key in its current window, counting none. */
  peek(key: string): Promise<number>;
  /**
   * Reserves the key's next turn, `spacingMs` after the one before (or now, when that is past), and answers how
   * long to wait for it; a turn further away than `maxWaitMs` is not taken. Concurrent callers, on any instance
   * sharing the store, get distinct turns in order, so waiting for one's turn serialises them.
   */
  takeTurn(key: string, spacingMs: number, maxWaitMs: number): Promise<Turn>;
}

export type Turn = { taken: true; waitMs: number } | { taken: false; retryAfterSeconds: number };

// One script, so that reading the last turn and writing the next cannot interleave between instances; Redis's own
// clock decides, so instances' clocks that differ do not matter.
const TURN_SCRIPT = `
local time = redis.call('time')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local turn = math.max(now, tonumber(redis.call('get', KEYS[1]) or '0'))
local wait = turn - now
if wait > tonumber(ARGV[2]) then return {0, wait} end
redis.call('set', KEYS[1], turn + tonumber(ARGV[1]), 'px', wait + tonumber(ARGV[1]))
return {1, wait}`;

const toTurn = (taken: boolean, waitMs: number): Turn =>
  taken ? { taken, waitMs } : { taken, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };

// Decrements only a live window: a refund after the window ended must not leave a negative count without expiry.
const REFUND_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`;

const SWEEP_AT_SIZE = 10_000;

export function createAttemptLimiter(redis?: Redis): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  /** A key's next free turn (epoch ms), in memory. */
  const nextTurns = new Map<string, number>();
  const redisKey = (key: string) => `lootklip-attempts:${key}`;

  async function count(limit: AttemptLimit): Promise<{ count: number; resetInMs: number }> {
    if (redis) {
      const key = redisKey(limit.key);
      const [[, value], [, ttl]] = (await redis
        .multi()
        .incr(key)
        .pexpire(key, limit.windowMs, 'NX')
        .pttl(key)
        .exec()) as [[null, number], [null, number], [null, number]];
      return { count: value, resetInMs: Math.max(0, ttl) };
    }
    const now = Date.now();
    if (windows.size > SWEEP_AT_SIZE) {
      for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    }
    let window = windows.get(limit.key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + limit.windowMs };
      windows.set(limit.key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  return {
    async refund(limits) {
      for (const limit of limits) {
        if (redis) {
          await redis.eval(REFUND_SCRIPT, 1, redisKey(limit.key));
          continue;
        }
        const window = windows.get(limit.key);
        if (window && window.resetAt > Date.now() && window.count > 0) window.count -= 1;
      }
    },
    async record(limit) {
      return (await count(limit)).count;
    },
    async peek(key) {
      if (redis) return Number((await redis.get(redisKey(key))) ?? 0);
      const window = windows.get(key);
      return window && window.resetAt > Date.now() ? window.count : 0;
    },
    async takeTurn(key, spacingMs, maxWaitMs) {
      if (redis) {
        const [taken, waitMs] = (await redis.eval(
          TURN_SCRIPT,
          1,
          redisKey(`turn:${key}`),
          spacingMs,
          maxWaitMs,
        )) as [number, number];
        return toTurn(taken === 1, waitMs);
      }
      const now = Date.now();
      if (nextTurns.size > SWEEP_AT_SIZE) {
        for (const [turnKey, next] of nextTurns) if (next <= now) nextTurns.delete(turnKey);
      }
      const turn = Math.max(now, nextTurns.get(key) ?? 0);
      if (turn - now > maxWaitMs) return toTurn(false, turn - now);
      nextTurns.set(key, turn + spacingMs);
      return toTurn(true, turn - now);
    },
    async hit(limits) {
      for (const limit of limits) {
        const { count: attempts, resetInMs } = await count(limit);
        if (attempts > limit.max)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
      }
      return { allowed: true };
    },
  };
}
