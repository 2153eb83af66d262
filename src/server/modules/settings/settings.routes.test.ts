// Settings through the real app: defaults, changed fields only, refusals, and privacy between users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/contracts/settings.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
const tokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['asha.reads', 'dev.builds']) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: { email: `${name}@example.in`, password: 'a long passphrase', username: name, fullName: name },
    });
    tokens.push(response.json().data.idToken);
  }
});
afterAll(() => t.close());

const as = (index: number) => ({ authorization: `Bearer ${tokens[index]}` });

describe('settings', () => {
  it('answers the spec defaults when nothing is stored, and 401 without a token', async () => {
    expect((await t.app.inject('/api/v1/settings')).statusCode).toBe(401);
    const response = await t.app.inject({ url: '/api/v1/settings', headers: as(0) });
    expect(response.json()).toEqual({ success: true, settings: DEFAULT_SETTINGS });
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
    expect(theirs).toEqual(DEFAULT_SETTINGS);
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
});
