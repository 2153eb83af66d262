// The API as the scale-out tests call it: through instance A, instance B or the balancer, named at every call so that
// a test crosses instances on purpose, from an address of the test's own (X-Forwarded-For; both the instances and
// the balancer take it from a loopback peer, decision 0084).
import { randomInt } from 'node:crypto';
import { inject } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../../src/shared/contracts/auth.ts';

export type Via = 'A' | 'B' | 'balancer';

export const PASSWORD = 'a long passphrase';

export function urlOf(via: Via): string {
  const { balancerUrl, instanceUrls } = inject('scaleOut');
  if (via === 'balancer') return balancerUrl;
  return via === 'A' ? instanceUrls[0] : instanceUrls[1];
}

/**
 * An address of this run's own: the attempt counters live in Redis for minutes, and must never be those of an
 * earlier run.
 */
export function createRunAddress(): string {
  return `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
}

/** A suffix that keeps this run's names apart (usernames, e-mails). */
export const RUN = randomInt(36 ** 5, 36 ** 6).toString(36);

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON (text when the answer is not JSON), read by each test as it needs. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what response.json() answers
  body: any;
}

export interface CallInit extends RequestInit {
  token?: string;
  json?: unknown;
  /** A Cookie header (the refresh cookie, which only the auth routes read). */
  cookie?: string;
}

export type Call = (via: Via, path: string, init?: CallInit) => Promise<Answer>;

/** Calls from `address`: `call('A', '/api/v1/...')` answers the status, headers and parsed body, whatever the status. */
export function createClient(address: string): Call {
  return async (via, path, init = {}) => {
    const { token, json, cookie, ...request } = init;
    const headers = new Headers(request.headers);
    headers.set('x-forwarded-for', address);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (cookie) headers.set('cookie', cookie);
    if (json !== undefined) {
      headers.set('content-type', 'application/json');
      request.body = JSON.stringify(json);
    }
    const response = await fetch(`${urlOf(via)}${path}`, { ...request, headers });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text.
    }
    return { status: response.status, headers: response.headers, body };
  };
}

/** The refresh cookie an answer set, as a Cookie header; undefined when it set none or cleared it. */
export function readRefreshCookie(answer: Answer): string | undefined {
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${REFRESH_COOKIE_NAME}=`));
  return cookie && cookie !== `${REFRESH_COOKIE_NAME}=` ? cookie : undefined;
}

export interface TestUser {
  uid: string;
  email: string;
  token: string;
}

/** Signs a new user up through `via`; the name gets this run's suffix. */
export async function signUp(call: Call, via: Via, name: string): Promise<TestUser> {
  const username = `${name}.${RUN}`;
  const email = `${username}@example.in`;
  const answer = await call(via, '/api/v1/auth/sign-up', {
    method: 'POST',
    json: { email, password: PASSWORD, username, fullName: name },
  });
  if (answer.status !== 201)
    throw new Error(`sign-up of ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { uid: answer.body.data.user.uid, email, token: answer.body.data.idToken };
}

/** Polls `read` until `isDone` holds for its value, and answers that value; fails with the last one at the deadline. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  deadlineMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${deadlineMs} ms; last: ${JSON.stringify(value)?.slice(0, 2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
