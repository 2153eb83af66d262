// Sign-in throttling (docs/decisions/0031-sessions-and-throttling.md, 0048): addresses are refused past their
// failures; an account that failed often from anywhere is only slowed, its sign-ins taking turns on every instance,
// and the devices that signed in to it before (the device cookie) skip the turns. Only failures count.
import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  DEVICE_COOKIE_NAME,
  SIGN_IN_PER_ACCOUNT_AND_IP_MAX,
  SIGN_IN_PER_ACCOUNT_MAX,
  SIGN_IN_PER_DEVICE_MAX,
  SIGN_IN_PER_IP_MAX,
  SIGN_IN_SLOW_ACCOUNT_MAX_WAIT_MS,
  SIGN_IN_WINDOW_MS,
} from '../../shared/constants.ts';
import type { AttemptLimit, AttemptLimiter } from '../http/attempt-limiter.ts';
import { refuseTooManyAttempts } from './auth-errors.ts';
import type { AuthService } from './auth.service.ts';
import { createDeviceCookies, type DeviceEntry } from './device-cookie.ts';
import { calculateSignInSpacing } from './sign-in-slow-down.ts';

/** The e-mail a sign-in is for, as the counters key it. */
export const emailOf = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

export function createSignInThrottle(deps: {
  auth: Pick<AuthService, 'findUserIdByEmail'>;
  limiter: AttemptLimiter;
  /** Signs device cookies; the same on every instance (derived from the auth signing key). */
  deviceSecret: Buffer;
  secureCookies: boolean;
}) {
  const { auth, limiter } = deps;
  const deviceCookies = createDeviceCookies(deps.deviceSecret, { secure: deps.secureCookies });

  /** Refused past their max with 429: per address, and per account from one address. */
  const addressLimits = (request: FastifyRequest): AttemptLimit[] => [
    { key: `sign-in:${request.ip}`, max: SIGN_IN_PER_IP_MAX, windowMs: SIGN_IN_WINDOW_MS },
    {
      key: `sign-in:${emailOf(request)}:${request.ip}`,
      max: SIGN_IN_PER_ACCOUNT_AND_IP_MAX,
      windowMs: SIGN_IN_WINDOW_MS,
    },
  ];
  const accountFailures = (request: FastifyRequest): AttemptLimit => ({
    key: `sign-in-failures:${emailOf(request)}`,
    max: SIGN_IN_PER_ACCOUNT_MAX,
    windowMs: SIGN_IN_WINDOW_MS,
  });
  const deviceFailures = (entry: DeviceEntry): AttemptLimit => ({
    key: `sign-in-device:${entry.text}`,
    max: SIGN_IN_PER_DEVICE_MAX,
    windowMs: SIGN_IN_WINDOW_MS,
  });

  /** The request's device entry for the account it signs in to, if it has one. */
  async function findDeviceEntry(request: FastifyRequest): Promise<DeviceEntry | null> {
    const value = request.cookies[DEVICE_COOKIE_NAME];
    if (!value) return null;
    const userId = await auth.findUserIdByEmail(emailOf(request));
    return userId ? deviceCookies.findEntry(value, userId) : null;
  }

  /** Sign-ins whose device attempt was counted up front (isTrustedDevice), so their failure is not counted again. */
  const deviceCounted = new WeakMap<FastifyRequest, AttemptLimit>();

  /**
   * A device of the account's owner, unless it has been failing itself (a stolen cookie gets a few guesses). Its
   * attempt is counted before the check and taken back for a sign-in that was no wrong password, like the address
   * limits: concurrent guesses with one cookie could otherwise all pass one peek.
   */
  async function isTrustedDevice(request: FastifyRequest): Promise<boolean> {
    const entry = await findDeviceEntry(request);
    if (!entry) return false;
    const limit = deviceFailures(entry);
    deviceCounted.set(request, limit);
    return (await limiter.hit([limit])).allowed;
  }

  return {
    addressLimits,

    /** Waits for the slowed account's next turn; a turn too far away answers 429 with Retry-After. */
    takeAccountTurn: (async (request, reply) => {
      const spacingMs = calculateSignInSpacing(await limiter.peek(accountFailures(request).key));
      if (spacingMs === 0 || (await isTrustedDevice(request))) return;
      const turn = await limiter.takeTurn(
        `sign-in-account:${emailOf(request)}`,
        spacingMs,
        SIGN_IN_SLOW_ACCOUNT_MAX_WAIT_MS,
      );
      if (!turn.taken) refuseTooManyAttempts(reply, turn.retryAfterSeconds);
      await wait(turn.waitMs);
    }) satisfies preHandlerAsyncHookHandler,

    /** A wrong password counts against the account, and against the device cookie that came with it. */
    async recordFailure(request: FastifyRequest): Promise<void> {
      await limiter.record(accountFailures(request));
      if (deviceCounted.has(request)) return;
      const entry = await findDeviceEntry(request);
      if (entry) await limiter.record(deviceFailures(entry));
    },

    /** A sign-in that was no failure takes back its address attempts, and its device's if one was counted. */
    refund: async (request: FastifyRequest) => {
      const device = deviceCounted.get(request);
      await limiter.refund(device ? [...addressLimits(request), device] : addressLimits(request));
    },

    /** Remembers this device for the account it signed in to. */
    rememberDevice: (request: FastifyRequest, reply: FastifyReply, userId: string) =>
      deviceCookies.remember(reply, request.cookies[DEVICE_COOKIE_NAME], userId),
  };
}
