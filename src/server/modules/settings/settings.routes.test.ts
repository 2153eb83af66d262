// Settings through the real app: defaults, changed fields only, refusals, and privacy between users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_OBJECT_MAX_BYTES } from '../../../shared/constants.ts';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings-defaults.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
const tokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['asha.reads', 'dev.builds']) {
    tokens.push((await signUpTestUser(t.app, name)).token);
  }
});
afterAll(() => t.close());

const as = (index: number) => ({ authorization: `Bearer ${tokens[index]}` });
/** The defaults, with the account's e-mail and username from the user row (the account hook, decision 0074). */
const defaultsOf = (name: string) => ({
  ...DEFAULT_SETTINGS,
  account: { ...DEFAULT_SETTINGS.account, email: `${name}@example.in`, username: name },
});

describe('settings', () => {
  it('answers the spec defaults when nothing is stored, and 401 without a token', async () => {
    expect((await t.app.inject('/api/v1/settings')).statusCode).toBe(401);
    const response = await t.app.inject({ url: '/api/v1/settings', headers: as(0) });
    expect(response.json()).toEqual({ success: true, settings: defaultsOf('asha.reads') });
  });

  it('keeps the changed fields of one category and only for that user', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings/accessibility',
      headers: as(0),
      payload: { reduceMotion: true },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().settings.accessibility).toEqual({ reduceMotion: true, highContrast: false });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings/accessibility',
      headers: as(0),
      payload: { highContrast: true },
    });
    const mine = (await t.app.inject({ url: '/api/v1/settings', headers: as(0) })).json().settings;
    expect(mine.accessibility).toEqual({ reduceMotion: true, highContrast: true });
    const theirs = (await t.app.inject({ url: '/api/v1/settings', headers: as(1) })).json().settings;
    expect(theirs).toEqual(defaultsOf('dev.builds'));
  });

  it('keeps every field of parallel changes to one category', async () => {
    const changes = [{ emailNotifications: false }, { pushNotifications: false }, { marketingEmails: true }];
    const answers = await Promise.all(
      changes.map((payload) =>
        t.app.inject({ method: 'PATCH', url: '/api/v1/settings/notifications', headers: as(1), payload }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const response = await t.app.inject({ url: '/api/v1/settings', headers: as(1) });
    expect(response.json().settings.notifications).toEqual({
      emailNotifications: false,
      pushNotifications: false,
      marketingEmails: true,
      likes: true,
      comments: true,
      replies: true,
      offerEndings: true,
    });
  });

  it('refuses unknown categories, unknown fields and wrong types, naming them', async () => {
    const patch = (url: string, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url, headers: as(0), payload: payload as object });
    expect((await patch('/api/v1/settings/billing', { a: 1 })).statusCode).toBe(400);
    const unknown = await patch('/api/v1/settings/content', { autoplay: false, volume: 3 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^content\.volume: /);
    const wrongType = await patch('/api/v1/settings/privacy', { whoCanContactMe: 'strangers' });
    expect(wrongType.json().message).toMatch(/^privacy\.whoCanContactMe: /);
  });

  it('stores free-form profile settings and preferences per user', async () => {
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/preferences',
      headers: as(1),
      payload: { layout: 'compact' },
    });
    expect(saved.json().data).toEqual({ layout: 'compact' });
    expect((await t.app.inject({ url: '/api/v1/users/preferences', headers: as(0) })).json().data).toEqual(
      {},
    );
  });

  it('refuses a change that would take a free-form object past its size cap, and writes nothing', async () => {
    // Each PATCH is within the per-call rules (50 entries of 500 characters); the objects grow across calls.
    const entries = (prefix: string, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, 'x'.repeat(500)]));
    for (const [url, name] of [
      ['/api/v1/users/preferences', 'preferences'],
      ['/api/v1/users/settings', 'profile settings'],
    ] as const) {
      const patch = (payload: object) => t.app.inject({ method: 'PATCH', url, headers: as(1), payload });
      const first = entries('a', 20);
      expect((await patch(first)).statusCode).toBe(200);
      const before = (await t.app.inject({ url, headers: as(1) })).json().data;
      // Together with the first 20 entries, these take the object just past the cap.
      const refused = await patch(entries('b', Math.ceil(SETTINGS_OBJECT_MAX_BYTES / 500) - 19));
      expect(refused.statusCode, url).toBe(413);
      expect(refused.json().message).toContain(name);
      expect(refused.json().message).toContain(`${SETTINGS_OBJECT_MAX_BYTES / 1024} KB`);
      expect((await t.app.inject({ url, headers: as(1) })).json().data).toEqual(before);
      // Replacing values keeps the object small: that is still allowed.
      expect((await patch({ a0: 'short' })).statusCode).toBe(200);
    }
  });
});
