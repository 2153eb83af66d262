// Identity across instances (decisions 0009, 0031 and 0084): a token or refresh cookie one instance issued works on
// the other, a session ended on one is refused on the other at once, and the attempt limits and the API's rate limit
// are one budget over both (Redis), whichever instance each request lands on.
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_PER_ACCOUNT_AND_IP_MAX } from '../../src/shared/constants.ts';
import {
  createClient,
  createRunAddress,
  PASSWORD,
  readRefreshCookie,
  signUp,
  type Call,
  type TestUser,
  type Via,
} from './support/client.ts';

let call: Call;

beforeAll(() => {
  call = createClient(createRunAddress());
});

async function signIn(via: Via, user: TestUser, from: Call = call) {
  const answer = await from(via, '/api/v1/auth/sign-in', {
    method: 'POST',
    json: { email: user.email, password: PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const cookie = readRefreshCookie(answer);
  expect(cookie).toBeDefined();
  return { token: answer.body.data.idToken as string, cookie: cookie! };
}

const readProfile = (via: Via, token: string) => call(via, '/api/v1/users/profile', { token });

describe('sessions across instances', () => {
  it('takes a token and a refresh cookie issued by one instance on the other', async () => {
    const user = await signUp(call, 'A', 'nisha');
    const profile = await readProfile('B', user.token);
    expect(profile.status).toBe(200);
    expect(profile.body.data.uid).toBe(user.uid);

    const session = await signIn('B', user);
    const refreshed = await call('A', '/api/v1/auth/refresh', { method: 'POST', cookie: session.cookie });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await readProfile('balancer', refreshed.body.data.idToken)).status).toBe(200);
    // The cookie A rotated it to refreshes on B.
    const rotated = readRefreshCookie(refreshed);
    expect(rotated).toBeDefined();
    expect((await call('B', '/api/v1/auth/refresh', { method: 'POST', cookie: rotated })).status).toBe(200);
  });

  it('refuses on B, at once, the sessions ended by "sign out everywhere" on A', async () => {
    const user = await signUp(call, 'B', 'omar');
    const onA = await signIn('A', user);
    const onB = await signIn('B', user);
    expect((await readProfile('B', onA.token)).status).toBe(200);
    expect((await readProfile('A', onB.token)).status).toBe(200);

    const ended = await call('A', '/api/v1/auth/sign-out-everywhere', { method: 'POST', token: onA.token });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);

    for (const via of ['B', 'balancer'] as const) {
      expect((await readProfile(via, onA.token)).status).toBe(401);
      expect((await readProfile(via, onB.token)).status).toBe(401);
    }
    expect((await call('B', '/api/v1/auth/refresh', { method: 'POST', cookie: onB.cookie })).status).toBe(
      401,
    );
  });

  it("refuses on A a session signed out on B, and keeps the user's other session", async () => {
    const user = await signUp(call, 'A', 'priti');
    const leaving = await signIn('A', user);
    const staying = await signIn('A', user);
    const signedOut = await call('B', '/api/v1/auth/sign-out', { method: 'POST', cookie: leaving.cookie });
    expect(signedOut.status, JSON.stringify(signedOut.body)).toBe(200);

    expect((await readProfile('A', leaving.token)).status).toBe(401);
    expect((await call('A', '/api/v1/auth/refresh', { method: 'POST', cookie: leaving.cookie })).status).toBe(
      401,
    );
    expect((await readProfile('A', staying.token)).status).toBe(200);
  });
});

describe('limits across instances', () => {
  it("counts an address's wrong passwords on every instance: the next attempt is refused wherever it lands", async () => {
    const user = await signUp(call, 'A', 'ravi');
    const guesser = createClient(createRunAddress());
    const order: Via[] = ['A', 'B', 'balancer'];
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX; attempt += 1) {
      const answer = await guesser(order[attempt % order.length]!, '/api/v1/auth/sign-in', {
        method: 'POST',
        json: { email: user.email, password: 'not the passphrase' },
      });
      expect(answer.status, `attempt ${attempt + 1}: ${JSON.stringify(answer.body)}`).toBe(401);
    }
    for (const via of ['A', 'B', 'balancer'] as const) {
      const refused = await guesser(via, '/api/v1/auth/sign-in', {
        method: 'POST',
        json: { email: user.email, password: PASSWORD },
      });
      expect(refused.status, `${via}: ${JSON.stringify(refused.body)}`).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The account is never locked: its owner, from an address of their own, signs in.
    await signIn('B', user, createClient(createRunAddress()));
  });

  it("spends one address's API budget on both instances and through the balancer", async () => {
    const client = createClient(createRunAddress());
    const order: Via[] = ['A', 'B', 'balancer', 'B', 'A', 'balancer'];
    const remaining: number[] = [];
    for (const via of order) {
      const answer = await client(via, '/api/v1/auth/providers');
      expect(answer.status).toBe(200);
      remaining.push(Number(answer.headers.get('x-ratelimit-remaining')));
    }
    const limit = Number((await client('A', '/api/v1/auth/providers')).headers.get('x-ratelimit-limit'));
    expect(remaining).toEqual(order.map((_, index) => limit - 1 - index));
  });
});
