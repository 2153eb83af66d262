// Profile editing (decision 0074) through the real app: username changes under the rules of
// docs/product.md "Username check", old names that keep answering (and redirecting) for USERNAME_REDIRECT_DAYS and
// stay reserved until then, the contacts of docs/product.md "Phone" and "E-mail", the bio cap, the account
// settings' e-mail and username, and no route that writes anyone's profile but the caller's.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_REDIRECT_DAYS } from '../../../shared/constants.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let address = 0;

async function signUp(name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: `10.25.0.${++address}`,
    payload: {
      email: `${name}@example.in`,
      password: 'a long passphrase',
      username: name,
      fullName: `${name} X`,
    },
  });
  expect(response.statusCode).toBe(201);
  const { data } = response.json();
  return { token: data.idToken as string, uid: data.user.uid as string, name };
}
type User = Awaited<ReturnType<typeof signUp>>;

const bearer = (user: User) => ({ authorization: `Bearer ${user.token}` });
const patchProfile = (user: User | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/profile',
    headers: user ? bearer(user) : {},
    payload: payload as object,
  });
const byUsername = (name: string) => t.app.inject(`/api/v1/users/username/${encodeURIComponent(name)}`);
const check = async (name: string) =>
  (await t.app.inject(`/api/v1/users/check-username/${encodeURIComponent(name)}`)).json();
/** Moves a given-up name's change back in time, as if that many days had passed. */
const age = (name: string, days: number) =>
  t.testDatabase.database.db
    .updateTable('username_history')
    .set({ changed_at: sql`now() - make_interval(days => ${days})` as never })
    .where('username', '=', name)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('changing the username', () => {
  it('refuses names outside the rules with a 400 naming username and the rule', async () => {
    const user = await signUp('rules.seller');
    const characters = 'username: use lowercase letters, digits, ".", "_" or "-"';
    for (const [name, message] of [
      ['ab', 'username: must be at least 3 characters'],
      ['a'.repeat(31), 'username: must be at most 30 characters'],
      ['no/slash', characters],
      ['émile', characters],
    ] as const) {
      const response = await patchProfile(user, { username: name, bio: 'changed' });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const profile = (await byUsername('rules.seller')).json().data;
    expect(profile.username).toBe('rules.seller');
    expect(profile.bio).toBe('');
  });

  it('normalises as the check does, and refuses a taken name with 409 changing nothing', async () => {
    const asha = await signUp('asha.makes');
    await signUp('taken.name');
    const taken = await patchProfile(asha, { username: 'Taken.Name', bio: 'not saved' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('username: Username is already taken');
    expect((await byUsername('asha.makes')).json().data.bio).toBe('');

    const renamed = await patchProfile(asha, { username: '  Asha.Studio ', bio: 'saved' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ username: 'asha.studio', bio: 'saved' });
    // Sending the current name again changes nothing and is no conflict with oneself.
    expect((await patchProfile(asha, { username: 'asha.studio' })).statusCode).toBe(200);
  });

  it('lets the old name answer the current profile and redirect /shopstar/{old} with a 301', async () => {
    const meera = await signUp('meera.old');
    expect((await patchProfile(meera, { username: 'meera.new' })).statusCode).toBe(200);
    const old = await byUsername('Meera.Old');
    expect(old.statusCode).toBe(200);
    expect(old.json().data).toMatchObject({ uid: meera.uid, username: 'meera.new' });

    const page = await t.app.inject('/shopstar/meera.old?tab=klips');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/shopstar/meera.new?tab=klips');
    // The current name is served as it is (here: no client built, so 503), never redirected to itself.
    expect((await t.app.inject('/shopstar/meera.new')).statusCode).toBe(503);
    expect((await t.app.inject('/shopstar/nobody.here')).statusCode).toBe(503);
  });

  it(`keeps an old name reserved for ${USERNAME_REDIRECT_DAYS} days, then frees it for anyone`, async () => {
    const first = await signUp('first.owner');
    const second = await signUp('second.owner');
    expect((await patchProfile(first, { username: 'first.renamed' })).statusCode).toBe(200);

    expect(await check('first.owner')).toMatchObject({ available: false });
    const early = await patchProfile(second, { username: 'first.owner' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('username: Username is already taken');
    const signUpEarly = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      remoteAddress: '10.25.1.1',
      payload: {
        email: 'x@example.in',
        password: 'a long passphrase',
        username: 'first.owner',
        fullName: 'X',
      },
    });
    expect(signUpEarly.statusCode).toBe(409);

    await age('first.owner', USERNAME_REDIRECT_DAYS - 1);
    expect((await byUsername('first.owner')).json().data.username).toBe('first.renamed');
    expect((await patchProfile(second, { username: 'first.owner' })).statusCode).toBe(409);

    await age('first.owner', USERNAME_REDIRECT_DAYS + 1);
    expect((await byUsername('first.owner')).statusCode).toBe(404);
    expect(await check('first.owner')).toMatchObject({ available: true });
    const taken = await patchProfile(second, { username: 'first.owner' });
    expect(taken.statusCode).toBe(200);
    expect((await byUsername('first.owner')).json().data.uid).toBe(second.uid);
    // second's own old name now points at them.
    expect((await byUsername('second.owner')).json().data.uid).toBe(second.uid);
  });

  it('lets a user take back a name they gave up', async () => {
    const user = await signUp('back.again');
    expect((await patchProfile(user, { username: 'away.for.now' })).statusCode).toBe(200);
    expect((await patchProfile(user, { username: 'back.again' })).statusCode).toBe(200);
    expect((await byUsername('back.again')).json().data.username).toBe('back.again');
    expect((await byUsername('away.for.now')).json().data.username).toBe('back.again');
  });

  it('gives one of two racing renames to one name the name, and the other a 409', async () => {
    const a = await signUp('race.one');
    const b = await signUp('race.two');
    const answers = await Promise.all([
      patchProfile(a, { username: 'race.prize' }),
      patchProfile(b, { username: 'race.prize' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('contacts and bio', () => {
  it('keeps WhatsApp, phone and e-mail contacts, refusing bad ones with the spec texts', async () => {
    const user = await signUp('contact.seller');
    const saved = await patchProfile(user, {
      contactInfo: { whatsapp: '+91 98765 43210', phone: '(98450) 12345', email: 'shop@example.in' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.metadata.contactInfo).toEqual({
      whatsapp: '919876543210',
      phone: '9845012345',
      email: 'shop@example.in',
    });
    // One contact changed alone leaves the others.
    const phoneOnly = await patchProfile(user, { contactInfo: { phone: '' } });
    expect(phoneOnly.json().data.metadata.contactInfo).toEqual({
      whatsapp: '919876543210',
      phone: '',
      email: 'shop@example.in',
    });
    for (const [contactInfo, message] of [
      [{ whatsapp: '12345' }, 'contactInfo.whatsapp: Invalid WhatsApp number'],
      [{ phone: 'call me' }, 'contactInfo.phone: Invalid phone number'],
      [{ email: 'shop@example' }, 'contactInfo.email: Invalid email address'],
    ] as const) {
      const response = await patchProfile(user, { contactInfo });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('caps the bio at 500 characters with a 400 naming bio', async () => {
    const user = await signUp('bio.seller');
    expect((await patchProfile(user, { bio: 'x'.repeat(500) })).statusCode).toBe(200);
    const over = await patchProfile(user, { bio: 'y'.repeat(501) });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('bio: must be at most 500 characters');
    expect((await byUsername('bio.seller')).json().data.bio).toBe('x'.repeat(500));
  });
});

describe('the account settings', () => {
  const patchAccount = (user: User, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/settings/account', headers: bearer(user), payload });

  it('reads e-mail and username from the account, renames through the profile, refuses e-mail changes', async () => {
    const user = await signUp('account.seller');
    const read = await t.app.inject({ url: '/api/v1/settings', headers: bearer(user) });
    expect(read.json().settings.account).toMatchObject({
      email: 'account.seller@example.in',
      username: 'account.seller',
    });

    const renamed = await patchAccount(user, { username: 'account.renamed', phone: '9876543210' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().settings.account).toMatchObject({
      username: 'account.renamed',
      phone: '9876543210',
    });
    expect((await byUsername('account.seller')).json().data.username).toBe('account.renamed');
    // The account phone is private: the profile's public phone contact is not it.
    expect((await byUsername('account.renamed')).json().data.metadata.contactInfo.phone).toBe('');
    const stored = await t.testDatabase.database.db
      .selectFrom('user_settings')
      .select('app_settings')
      .where('user_id', '=', user.uid)
      .executeTakeFirstOrThrow();
    expect(stored.app_settings.account).toEqual({ phone: '9876543210' });

    const email = await patchAccount(user, { email: 'new@example.in' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toMatch(/^account\.email: /);
    expect((await patchAccount(user, { email: 'account.seller@example.in' })).statusCode).toBe(200);

    const bad = await patchAccount(user, { username: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('account.username: must be at least 3 characters');
    await signUp('account.other');
    const taken = await patchAccount(user, { username: 'account.other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('account.username: Username is already taken');
  });
});

describe('access', () => {
  it('writes only the caller’s own profile, and nothing without a session', async () => {
    const mine = await signUp('access.mine');
    const theirs = await signUp('access.theirs');
    const before = (await byUsername('access.mine')).json().data;
    for (const method of ['POST', 'PATCH', 'PUT'] as const) {
      const anonymous = await t.app.inject({
        method,
        url: '/api/v1/users/profile',
        payload: { username: 'stolen.name', bio: 'hacked' },
      });
      expect(anonymous.statusCode).toBe(401);
      const other = await t.app.inject({
        method,
        url: '/api/v1/users/profile',
        headers: bearer(theirs),
        payload: { uid: mine.uid, bio: `theirs by ${method}`, contactInfo: { whatsapp: '9876543210' } },
      });
      expect(other.statusCode).toBe(200);
      expect(other.json().data.uid).toBe(theirs.uid);
    }
    for (const url of ['/api/v1/settings/account']) {
      expect(
        (await t.app.inject({ method: 'PATCH', url, payload: { username: 'stolen.name' } })).statusCode,
      ).toBe(401);
    }
    expect((await byUsername('access.mine')).json().data).toEqual(before);
    expect((await byUsername('stolen.name')).statusCode).toBe(404);
  });
});
