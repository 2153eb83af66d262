// The access walk of the private routes (docs/product.md "Settings calls", "Users", "Notifications"; decisions
// 0074 to 0078): every route that reads or changes a user's own settings, preferences, profile, pictures, notifications,
// two-factor sign-in or account, listed from the app itself, is walked without a token and with a second user's
// token. User A has distinctive data everywhere; user B, walking each route, gets only B's own data, and after each
// of B's requests A's data reads back unchanged. No route takes a user id, and where a request can carry ids (read
// marks, query strings, stray body fields) B naming A's changes nothing of A's. A new route in these families
// fails the walk until it is added to the table.
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_PERIOD_SECONDS } from '../../../shared/constants.ts';
import {
  buildMultipartHead,
  MULTIPART_CONTENT_TYPE,
  MULTIPART_TAIL,
} from '../../media/media.test-helpers.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';

type User = { token: string; uid: string; username: string; email: string };
type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const PASSWORD = 'a long passphrase';
const STEP_MS = TWO_FACTOR_PERIOD_SECONDS * 1000;
let clock = Date.now();
let t: TestApp;
let a: User;
let b: User;
let c: User;
/** A's klip, its notification groups, its two-factor key and its pictures' addresses. */
let klipId: string;
let aGroupIds: string[];
let aKey: string;
let aAvatar: string;
let aCover: string;
let pngA: Buffer;
let pngB: Buffer;

const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });
const db = () => t.testDatabase.database.db;
/** The code an authenticator shows for the key, after moving the app's clock on one step (a fresh code). */
function nextCode(key: string): string {
  clock += STEP_MS;
  return codeNow(key);
}
const codeNow = (key: string) => new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: clock });

async function signUp(name: string, address: string): Promise<User> {
  const { token, uid } = await signUpTestUser(t.app, name, { address });
  return { token, uid, username: name, email: `${name}@example.in` };
}

/** A's distinctive values: none of them may appear in any answer to B. */
const A_VALUES = {
  fullName: 'Anaya Zephyrine',
  bio: 'Hand-dyed jacaranda scarves 5531',
  phone: '9876501234',
  whatsapp: '9812340077',
  contactEmail: 'anaya.zephyr@example.in',
  accountPhone: '9000011133',
  timezone: 'Pacific/Chatham',
  profileSetting: 'a-settings-marigold-4471',
  preference: 'a-pref-tamarind-9902',
  klipTitle: 'Vetiver fan 3317',
};

function aStrings(): string[] {
  return [
    ...Object.values(A_VALUES),
    a.uid,
    a.username,
    a.email,
    klipId,
    ...aGroupIds,
    aKey,
    aAvatar,
    aCover,
  ];
}

function expectNoneOfA(response: LightMyRequestResponse | string, where: string) {
  const body = typeof response === 'string' ? response : response.body;
  for (const value of aStrings()) expect(body, `${where} shows A's ${value}`).not.toContain(value);
}

/** Everything of A's that the walk must leave as it is, read with A's own token. */
async function readA(): Promise<Record<string, unknown>> {
  const read: Record<string, unknown> = {};
  for (const url of [
    '/api/v1/settings',
    '/api/v1/users/settings',
    '/api/v1/users/preferences',
    '/api/v1/users/profile',
    '/api/v1/notifications',
    '/api/v1/notifications/unread-count',
    '/api/v1/auth/two-factor',
    '/api/v1/account/deletion',
  ]) {
    const response = await t.app.inject({ url, headers: auth(a) });
    expect(response.statusCode, url).toBe(200);
    read[url] = response.json();
  }
  // The pictures are still served (a file shared by content stays when B's account and media go).
  for (const url of [aAvatar, aCover]) read[url] = (await t.app.inject(url)).statusCode;
  return read;
}
let aBefore: Record<string, unknown>;

function upload(url: string, field: string, user: User | null, png: Buffer, token?: string) {
  const bearer = token ? { authorization: `Bearer ${token}` } : user ? auth(user) : {};
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer, 'content-type': MULTIPART_CONTENT_TYPE },
    payload: Buffer.concat([buildMultipartHead('picture.png', 'image/png', field), png, MULTIPART_TAIL]),
  });
}

/** One request of the walk; B's are sent with B's token. */
interface Step {
  url: string;
  payload?: object;
  /** A multipart picture upload of this form field. */
  picture?: string;
  /** B's expected status (200 unless said). */
  status?: number;
  /** What B's answer must say about B's own data. */
  check?: (json: Record<string, unknown>) => void;
}

interface Route {
  method: Exclude<Method, 'HEAD'>;
  /** As Fastify lists it. */
  path: string;
  /**
   * own: the caller's own data only, refused without a session. public: a profile anyone may read by id (decision
   * 0074; the privacy choices decide its contacts), walked to see it never carries A's private data. signIn: the
   * second step of a sign-in, which has no session yet (decision 0075).
   */
  access: 'own' | 'public' | 'signIn';
  /** B's requests, in the walk's order; the first one also serves for the walk without a token. */
  steps: () => Step[];
}

const ownSettings = (json: Record<string, unknown>) => {
  const settings = json.settings as { account: { email: string; username: string } };
  expect(settings.account).toMatchObject({ email: b.email, username: b.username });
};
const ownProfile = (json: Record<string, unknown>) =>
  expect(json.data).toMatchObject({ uid: b.uid, username: b.username });

/**
 * The table: every route of the families, with B's requests. The walk runs in this order (B's account goes last).
 * Each B request also carries ?uid=&userId= naming A: no route may read a user from the query.
 */
const ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/api/v1/settings',
    access: 'own',
    steps: () => [{ url: '/api/v1/settings', check: ownSettings }],
  },
  {
    method: 'PATCH',
    path: '/api/v1/settings/:category',
    access: 'own',
    steps: () => [
      { url: '/api/v1/settings/appearance', payload: { timezone: 'Asia/Kolkata' }, check: ownSettings },
      { url: '/api/v1/settings/privacy', payload: { whoCanContactMe: 'nobody', activityVisibility: false } },
      { url: '/api/v1/settings/notifications', payload: { likes: false, emailNotifications: false } },
      { url: '/api/v1/settings/content', payload: { autoplay: false, quality: 'high' } },
      { url: '/api/v1/settings/accessibility', payload: { reduceMotion: true, highContrast: false } },
      { url: '/api/v1/settings/account', payload: { phone: '9111122222' }, check: ownSettings },
      // B cannot take A's name or e-mail through the account settings.
      { url: '/api/v1/settings/account', payload: { username: a.username }, status: 409 },
      { url: '/api/v1/settings/account', payload: { email: a.email }, status: 400 },
      // Nor name A in the body: a field the category does not have is refused.
      { url: '/api/v1/settings/account', payload: { uid: a.uid }, status: 400 },
    ],
  },
  ...(['settings', 'preferences'] as const).flatMap((object): Route[] => [
    {
      method: 'GET',
      path: `/api/v1/users/${object}`,
      access: 'own',
      steps: () => [{ url: `/api/v1/users/${object}` }],
    },
    {
      method: 'PATCH',
      path: `/api/v1/users/${object}`,
      access: 'own',
      steps: () => [
        {
          url: `/api/v1/users/${object}`,
          payload: { note: `b-${object}` },
          check: (json) => expect(json.data).toMatchObject({ note: `b-${object}` }),
        },
      ],
    },
  ]),
  {
    method: 'GET',
    path: '/api/v1/users/profile',
    access: 'own',
    steps: () => [{ url: '/api/v1/users/profile', check: ownProfile }],
  },
  ...(['POST', 'PATCH', 'PUT'] as const).map((method): Route => ({
    method,
    path: '/api/v1/users/profile',
    access: 'own',
    steps: () => [
      {
        url: '/api/v1/users/profile',
        payload: { bio: `B's ${method} bio`, uid: a.uid, id: a.uid, userId: a.uid },
        check: (json) => {
          ownProfile(json);
          expect(json.data).toMatchObject({ bio: `B's ${method} bio` });
        },
      },
      { url: '/api/v1/users/profile', payload: { username: a.username }, status: 409 },
    ],
  })),
  {
    method: 'POST',
    path: '/api/v1/users/avatar',
    access: 'own',
    steps: () => [{ url: '/api/v1/users/avatar', picture: 'avatar', check: ownProfile }],
  },
  {
    method: 'POST',
    path: '/api/v1/users/cover',
    access: 'own',
    steps: () => [{ url: '/api/v1/users/cover', picture: 'coverImage', check: ownProfile }],
  },
  {
    method: 'GET',
    path: '/api/v1/users/profile/:uid',
    access: 'public',
    steps: () => [{ url: `/api/v1/users/profile/${a.uid}` }],
  },
  {
    method: 'GET',
    path: '/api/v1/users/:uid/profile',
    access: 'public',
    steps: () => [{ url: `/api/v1/users/${a.uid}/profile` }],
  },
  {
    method: 'GET',
    path: '/api/v1/notifications',
    access: 'own',
    steps: () => [
      {
        url: '/api/v1/notifications',
        check: (json) => expect(json).toMatchObject({ items: [], unreadCount: 0 }),
      },
    ],
  },
  {
    method: 'GET',
    path: '/api/v1/notifications/unread-count',
    access: 'own',
    steps: () => [
      { url: '/api/v1/notifications/unread-count', check: (json) => expect(json.unreadCount).toBe(0) },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/notifications/read',
    access: 'own',
    // B naming A's groups marks nothing of A's.
    steps: () => [{ url: '/api/v1/notifications/read', payload: { ids: aGroupIds } }],
  },
  {
    method: 'POST',
    path: '/api/v1/notifications/read-all',
    access: 'own',
    steps: () => [{ url: '/api/v1/notifications/read-all' }],
  },
  {
    method: 'GET',
    path: '/api/v1/notifications/stream',
    access: 'own',
    // B's own stream is read over a real connection in its own test below; here only its refusals.
    steps: () => [{ url: '/api/v1/notifications/stream' }],
  },
  {
    method: 'GET',
    path: '/api/v1/auth/two-factor',
    access: 'own',
    steps: () => [
      { url: '/api/v1/auth/two-factor', check: (json) => expect(json.data).toEqual({ enabled: false }) },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/auth/two-factor/setup',
    access: 'own',
    steps: () => [
      {
        url: '/api/v1/auth/two-factor/setup',
        check: (json) => {
          bKey = (json.data as { manualKey: string }).manualKey;
          expect(bKey).not.toBe(aKey);
        },
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/auth/two-factor/confirm',
    access: 'own',
    steps: () => [
      // A's code does not turn on B's two-factor (nor touch A's); B's own code does.
      { url: '/api/v1/auth/two-factor/confirm', payload: { code: codeOfAOnly() }, status: 401 },
      { url: '/api/v1/auth/two-factor/confirm', payload: { code: codeOfB() } },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/auth/two-factor/disable',
    access: 'own',
    steps: () => [
      // The password is the same string for both: A's code still turns off nothing, of B's or of A's.
      {
        url: '/api/v1/auth/two-factor/disable',
        payload: { password: PASSWORD, code: codeOfAOnly() },
        status: 401,
      },
      {
        url: '/api/v1/auth/two-factor/disable',
        payload: { password: PASSWORD, code: codeOfB() },
        check: (json) => expect(json.data).toEqual({ enabled: false }),
      },
    ],
  },
  {
    method: 'POST',
    path: '/api/v1/auth/two-factor/verify',
    access: 'signIn',
    steps: () => [{ url: '/api/v1/auth/two-factor/verify', payload: { challenge: 'none', code: '123456' } }],
  },
  {
    method: 'GET',
    path: '/api/v1/account/deletion',
    access: 'own',
    steps: () => [
      { url: '/api/v1/account/deletion', check: (json) => expect(json.confirmWith).toBe('password') },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/v1/account',
    access: 'own',
    steps: () => [
      // A's username is no confirmation of B's account (and a password account confirms with its password).
      { url: '/api/v1/account', payload: { username: a.username }, status: 403 },
      { url: '/api/v1/account', payload: { password: PASSWORD } },
    ],
  },
];
let bKey = '';

/** A fresh code of B's key (before B has one, as the walk without a session sends it: any six digits). */
const codeOfB = () => (bKey ? nextCode(bKey) : '000000');

/** A current code of A's key that is not also B's current code. */
function codeOfAOnly(): string {
  let code = nextCode(aKey);
  while (bKey && code === codeNow(bKey)) code = nextCode(aKey);
  return code;
}

/** The families whose every route is walked: one's settings, profile, pictures, activity, two-factor, account. */
const FAMILIES = [
  /^\/api\/v1\/settings(\/|$)/,
  /^\/api\/v1\/users\/(settings|preferences|profile|avatar|cover)(\/|$)/,
  /^\/api\/v1\/users\/[^/]+\/profile$/,
  /^\/api\/v1\/notifications(\/|$)/,
  /^\/api\/v1\/auth\/two-factor(\/|$)/,
  /^\/api\/v1\/account(\/|$)/,
];

/** Every route of the app as METHOD and path, read from Fastify's own route tree. */
function listRoutes(): { method: Method; path: string }[] {
  const tree = t.app.printRoutes({ commonPrefix: false });
  const routes: { method: Method; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      routes.push({ method: method as Method, path });
    }
  }
  return routes;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, undefined, undefined, null, () => clock);
  a = await signUp('anaya.access', '10.25.7.1');
  b = await signUp('bela.access', '10.25.7.2');
  c = await signUp('chand.access', '10.25.7.3');
  const picture = (background: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .png()
      .toBuffer();
  pngA = await picture('#7b2d8e');
  pngB = await picture('#2d8e5a');

  // A: settings changed in every category, free-form objects, a profile with bio and contacts, pictures.
  const patches: [string, object][] = [
    ['/api/v1/settings/appearance', { timezone: A_VALUES.timezone }],
    ['/api/v1/settings/account', { phone: A_VALUES.accountPhone }],
    ['/api/v1/settings/privacy', { whoCanSeeMyContent: 'signedIn' }],
    ['/api/v1/settings/content', { quality: 'dataSaver' }],
    ['/api/v1/settings/accessibility', { highContrast: true }],
    ['/api/v1/settings/notifications', { marketingEmails: true }],
    ['/api/v1/users/settings', { note: A_VALUES.profileSetting }],
    ['/api/v1/users/preferences', { favourite: A_VALUES.preference }],
    [
      '/api/v1/users/profile',
      {
        fullName: A_VALUES.fullName,
        bio: A_VALUES.bio,
        contactInfo: { phone: A_VALUES.phone, whatsapp: A_VALUES.whatsapp, email: A_VALUES.contactEmail },
      },
    ],
  ];
  for (const [url, payload] of patches) {
    const response = await t.app.inject({ method: 'PATCH', url, headers: auth(a), payload });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
  }
  const avatar = await upload('/api/v1/users/avatar', 'avatar', a, pngA);
  expect(avatar.statusCode).toBe(200);
  aAvatar = avatar.json().data.avatar;
  const cover = await upload('/api/v1/users/cover', 'coverImage', a, pngA);
  expect(cover.statusCode).toBe(200);
  aCover = cover.json().data.coverImage;

  // A's activity: a third user likes and comments on A's klip.
  klipId = ulid();
  await db()
    .insertInto('klips')
    .values({ id: klipId, owner_id: a.uid, status: 'active', title: A_VALUES.klipTitle })
    .execute();
  const interact = (url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/interactions/klips/${klipId}/${url}`,
      headers: auth(c),
      payload,
    });
  expect((await interact('like')).statusCode).toBe(200);
  expect((await interact('comments', { content: 'Where was this woven?' })).statusCode).toBe(201);

  // A: two-factor on.
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/two-factor/setup',
    headers: auth(a),
  });
  aKey = setup.json().data.manualKey;
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/two-factor/confirm',
    headers: auth(a),
    payload: { code: nextCode(aKey) },
  });
  expect(confirm.statusCode).toBe(200);

  const list = await t.app.inject({ url: '/api/v1/notifications', headers: auth(a) });
  aGroupIds = (list.json().items as { id: string }[]).map((group) => group.id);
  expect(aGroupIds.length).toBe(2);
  aBefore = await readA();
  // The distinctive data is there to be found: A's own answers show it.
  expect(JSON.stringify(aBefore)).toContain(A_VALUES.timezone);
  expect(aBefore).toMatchObject({
    '/api/v1/notifications/unread-count': { unreadCount: 2 },
    '/api/v1/auth/two-factor': { data: { enabled: true } },
    [aAvatar]: 200,
  });
}, 120_000);
afterAll(() => t?.close());

describe('the table of private routes', () => {
  it('lists every route of the families, and nothing that is not a route', () => {
    const listed = listRoutes();
    // The parse of the route tree is right: every route it found is one the app has.
    const api = listed.filter((route) => route.path.startsWith('/api/v1/'));
    for (const route of api)
      expect(t.app.hasRoute({ method: route.method, url: route.path }), route.path).toBe(true);
    expect(api.length).toBeGreaterThan(40);
    const inFamilies = listed.filter((route) => FAMILIES.some((family) => family.test(route.path)));
    const table = new Set(ROUTES.map((route) => `${route.method} ${route.path}`));
    const found = new Set(
      inFamilies.filter((route) => route.method !== 'HEAD').map((r) => `${r.method} ${r.path}`),
    );
    expect([...found].sort(), 'a route of these families is missing from the walk').toEqual(
      [...table].sort(),
    );
    // No private route takes a user in its path: the only parameter one has is the settings category.
    for (const route of ROUTES.filter((r) => r.access === 'own'))
      expect(route.path.match(/:\w+/g) ?? [], route.path).toEqual(
        route.path.endsWith(':category') ? [':category'] : [],
      );
    // HEAD is only ever the GET's own twin.
    for (const route of inFamilies.filter((r) => r.method === 'HEAD'))
      expect(table).toContain(`GET ${route.path}`);
  });
});

function send(route: Route, step: Step, user: User | null, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : user ? auth(user) : {};
  const naming = user ? `${step.url.includes('?') ? '&' : '?'}uid=${a.uid}&userId=${a.uid}` : '';
  if (step.picture) return upload(step.url + naming, step.picture, user, pngB, token);
  return t.app.inject({
    method: route.method,
    url: step.url + naming,
    headers,
    ...(step.payload && { payload: step.payload }),
  });
}

describe('without a session', () => {
  it('refuses every private route, and HEAD of each private read, with 401', async () => {
    for (const route of ROUTES.filter((r) => r.access === 'own')) {
      const step = route.steps()[0]!;
      for (const token of [undefined, 'not-a-token', a.token.slice(0, -4) + 'AAAA']) {
        const response = await send(route, step, null, token);
        expect(response.statusCode, `${route.method} ${route.path} with ${token ?? 'no token'}`).toBe(401);
        expectNoneOfA(response, `${route.method} ${route.path}`);
        if (route.method === 'GET') {
          const head = await t.app.inject({
            method: 'HEAD',
            url: step.url,
            ...(token && { headers: { authorization: `Bearer ${token}` } }),
          });
          expect(head.statusCode, `HEAD ${route.path}`).toBe(401);
        }
      }
    }
    expect(await readA()).toEqual(aBefore);
  });

  it('answers a public profile without any of its private settings', async () => {
    for (const route of ROUTES.filter((r) => r.access === 'public')) {
      const response = await send(route, route.steps()[0]!, null);
      expect(response.statusCode).toBe(200);
      expectNoPrivateOfA(response.body, route.path);
    }
  });
});

/** A's values that no other reader sees even on A's public profile. */
function expectNoPrivateOfA(body: string, where: string) {
  for (const value of [
    A_VALUES.accountPhone,
    A_VALUES.timezone,
    A_VALUES.profileSetting,
    A_VALUES.preference,
    A_VALUES.klipTitle,
    a.email,
    aKey,
    ...aGroupIds,
  ]) {
    expect(body, `${where} shows A's ${value}`).not.toContain(value);
  }
}

describe("with another user's session", () => {
  it('reads the live stream of B, never A’s count', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/v1/notifications/stream?uid=${a.uid}`;
    const response = await fetch(url, { headers: auth(b) });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    try {
      while (!/event: unread\ndata: .*\n\n/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } finally {
      await reader.cancel();
      t.app.server.closeAllConnections();
    }
    expect(text).toContain(`event: unread\ndata: ${JSON.stringify({ unreadCount: 0 })}\n\n`);
    expectNoneOfA(text, 'the stream');
  });

  it("gets B's own data from every route, and changes nothing of A's", async () => {
    const walked: string[] = [];
    for (const route of ROUTES) {
      if (route.path === '/api/v1/notifications/stream') continue; // read above, over a connection
      for (const step of route.steps()) {
        const where = `${route.method} ${step.url} ${JSON.stringify(step.payload ?? {})}`;
        const response = await send(route, step, b);
        if (route.access === 'public') {
          expect(response.statusCode, where).toBe(200);
          expectNoPrivateOfA(response.body, where);
        } else if (route.access === 'signIn') {
          // No session for anyone from a made-up challenge, B's token or not.
          expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, where).toBeLessThan(500);
          expectNoneOfA(response, where);
        } else {
          expect(response.statusCode, `${where}: ${response.body}`).toBe(step.status ?? 200);
          expectNoneOfA(response, where);
          if (step.check) step.check(response.json());
        }
        expect(await readA(), `A's data after ${where}`).toEqual(aBefore);
        walked.push(`${route.method} ${route.path}`);
      }
    }
    expect(new Set(walked).size).toBe(ROUTES.length - 1);
    // B's account is gone (the last step), A's session and data stay.
    expect((await t.app.inject({ url: '/api/v1/settings', headers: auth(b) })).statusCode).toBe(401);
    expect(await readA()).toEqual(aBefore);
  });
});

describe('a picture two users share', () => {
  it("stays A's when the other user, who uploaded the same picture, deletes their account", async () => {
    const d = await signUp('dev.access', '10.25.7.4');
    const same = await upload('/api/v1/users/avatar', 'avatar', d, pngA);
    expect(same.statusCode).toBe(200);
    // The same bytes are stored once (content-addressed): the two profiles point at one file.
    expect(same.json().data.avatar).toBe(aAvatar);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: auth(d),
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/users/profile', headers: auth(d) })).statusCode).toBe(401);
    expect(await readA()).toEqual(aBefore);
  });
});
