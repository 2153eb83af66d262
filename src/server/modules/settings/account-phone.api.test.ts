// The account's phone (settings account.phone) through the real app, on PGlite or (TEST_DATABASE_URL) PostgreSQL:
// the rule of the profile's phone contact (docs/product.md "Phone"), refused with the catalogue's text naming the
// field and nothing stored, kept as its digits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let user: { token: string; uid: string };

const auth = () => ({ authorization: `Bearer ${user.token}` });
const patch = (phone: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/settings/account', headers: auth(), payload: { phone } });
const storedPhone = async () =>
  (await t.app.inject({ url: '/api/v1/settings', headers: auth() })).json().settings.account.phone as string;

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpTestUser(t.app, 'phone.settings', { address: '10.74.0.1' });
});
afterAll(() => t?.close());

describe('account.phone', () => {
  it('takes a number of the rule, stored as its digits, and the empty value', async () => {
    for (const [sent, kept] of [
      ['98765 43210', '9876543210'],
      ['+91 98765-43210', '919876543210'],
      ['', ''],
      ['(987) 654-3210', '9876543210'],
    ] as const) {
      const answer = await patch(sent);
      expect(answer.statusCode, `${sent}: ${answer.body}`).toBe(200);
      expect(answer.json().settings.account.phone, sent).toBe(kept);
      expect(await storedPhone(), sent).toBe(kept);
    }
  });

  it('refuses one that breaks it with 400 naming account.phone in the catalogue text, and stores nothing', async () => {
    expect((await patch('9876543210')).statusCode).toBe(200);
    for (const sent of ['12ab', '12345', '98765432101234', 'call me', '1'.repeat(40)]) {
      const answer = await patch(sent);
      expect(answer.statusCode, sent).toBe(400);
      expect(answer.json().message, sent).toBe(
        SERVER_MESSAGES.validation('account.phone', CATALOGUE_MESSAGES.invalidPhone),
      );
      expect(await storedPhone(), sent).toBe('9876543210');
    }
  });

  it('reads a number stored before the rule that breaks it as empty, keeping the other fields', async () => {
    await t.testDatabase.database.db
      .updateTable('user_settings')
      .set({ app_settings: JSON.stringify({ account: { phone: 'x12' }, content: { autoplay: false } }) })
      .where('user_id', '=', user.uid)
      .execute();
    const settings = (await t.app.inject({ url: '/api/v1/settings', headers: auth() })).json().settings;
    expect(settings.account.phone).toBe('');
    expect(settings.content.autoplay).toBe(false);
  });
});
