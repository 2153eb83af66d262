// The time zone setting on the user row (decision 0079), through the real app on PGlite or (with TEST_DATABASE_URL)
// PostgreSQL: a PATCH of appearance.timezone writes users.time_zone (as PostgreSQL spells the zone) and the settings
// answer reads it back; a zone Intl accepts but PostgreSQL does not know is a 400 naming the field, nothing stored.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownTimeZone } from '../../../shared/contracts/settings.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let user: { token: string; uid: string };

beforeAll(async () => {
  t = await createTestApp();
  user = await signUpTestUser(t.app, 'meera.zone');
});
afterAll(() => t.close());

const patch = (payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/appearance',
    headers: { authorization: `Bearer ${user.token}` },
    payload,
  });

/** The user row's zone and the stored settings object, as the database holds them. */
async function stored() {
  const { rows } = await sql<{ time_zone: string; app_settings: unknown }>`
    select u.time_zone, s.app_settings from users u left join user_settings s on s.user_id = u.id
     where u.id = ${user.uid}`.execute(t.testDatabase.database.db);
  return rows[0]!;
}

describe('appearance.timezone', () => {
  it("is 'UTC' on a new user row, and a PATCH writes the zone there as PostgreSQL spells it", async () => {
    expect((await stored()).time_zone).toBe('UTC');
    const response = await patch({ timezone: 'asia/kolkata' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings.appearance).toEqual({ language: 'en', timezone: 'Asia/Kolkata' });
    expect((await stored()).time_zone).toBe('Asia/Kolkata');
    const read = await t.app.inject({
      url: '/api/v1/settings',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(read.json().settings.appearance.timezone).toBe('Asia/Kolkata');
  });

  it('refuses a zone PostgreSQL does not know with a 400 naming the field, and stores nothing', async () => {
    // An offset: Intl takes it (the contract accepts it), PostgreSQL knows no zone of that name.
    expect(isKnownTimeZone('+05:30')).toBe(true);
    const before = await stored();
    const response = await patch({ language: 'en', timezone: '+05:30' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain('appearance.timezone');
    expect(await stored()).toEqual(before);
    expect(before.time_zone).toBe('Asia/Kolkata');
  });
});
