// Forgot password through the real app (decision 0045): the same answer for any e-mail, a link mailed to the outbox
// and logged when there is no SMTP_URL, stored only as its hash, working once and for 30 minutes, ending every
// session, giving an external-only account a password, and limited per address and per e-mail.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../shared/contracts/auth.ts';
import { PASSWORD_RESET_PER_EMAIL_MAX, PASSWORD_RESET_PER_IP_MAX } from '../../shared/constants.ts';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../shared/auth-messages.ts';
import { createApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createLogger } from '../logger.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createTestApp } from '../test/create-test-app.ts';
import { readLogLines } from '../test/log-lines.ts';
import { findResetLink, readOutbox } from '../test/outbox.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
/** A fresh embedded database and app take up to a minute on a busy two-core machine. */
const APP_START_TIMEOUT_MS = 180_000;

let app: App;
let config: Config;
let testDatabase: TestDatabase;
let dataDir: string;
let logFile: string;
let log: ReturnType<typeof createLogger>;
let counter = 0;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-password-reset-'));
  logFile = path.join(dataDir, 'log.jsonl');
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'https://shop.example.in',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  log = createLogger(config, logFile);
  testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  app = await createApp({
    config,
    database,
    storage: createStorage(config),
    jobs: createJobsRepository(database.db),
    logger: log,
    clientDir: null,
  });
  await app.ready();
}, APP_START_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await testDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => testDatabase.database.db;
const outboxDir = () => path.join(dataDir, 'outbox');

/** Each call from its own address, so that the per-address limits decide only the tests about them. */
const nextAddress = () => {
  counter += 1;
  return `10.7.${Math.floor(counter / 250)}.${counter % 250}`;
};

function readRefreshCookie(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((value) => value.startsWith(`${REFRESH_COOKIE_NAME}=`));
  if (!header) throw new Error('no refresh cookie');
  return header.split(';')[0]!.slice(REFRESH_COOKIE_NAME.length + 1);
}

async function signUp() {
  counter += 1;
  const email = `reset${counter}@example.in`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: nextAddress(),
    payload: { email, password: OLD_PASSWORD, username: `reset.${counter}`, fullName: `Reset ${counter}` },
  });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return {
    email,
    uid: body.data.user.uid as string,
    idToken: body.data.idToken as string,
    refresh: readRefreshCookie(response.headers['set-cookie']),
  };
}

const signIn = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    remoteAddress: nextAddress(),
    payload: { email, password },
  });

const requestReset = (email: string, remoteAddress = nextAddress()) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/request',
    remoteAddress,
    payload: { email },
  });

const confirmReset = (token: string, password = NEW_PASSWORD) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    remoteAddress: nextAddress(),
    payload: { token, password },
  });

/** The mails to an address so far. */
const mailsTo = (email: string) => readOutbox(outboxDir()).filter((mail) => mail.to === email);

/** Asks for a link and waits for its mail (sent after the answer) to reach the outbox. */
async function mailedLink(email: string): Promise<{ link: string; token: string }> {
  const before = mailsTo(email).length;
  expect((await requestReset(email)).statusCode).toBe(200);
  const mail = await vi.waitFor(
    () => {
      const mails = mailsTo(email);
      if (mails.length <= before) throw new Error(`no new mail to ${email} yet`);
      return mails.at(-1)!;
    },
    { timeout: 10_000, interval: 20 },
  );
  const link = findResetLink(mail.text);
  return { link, token: new URL(link).searchParams.get('token')! };
}

const whoCanWrite = (idToken: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-out-everywhere',
    headers: { authorization: `Bearer ${idToken}` },
  });

const refresh = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { cookie: `${REFRESH_COOKIE_NAME}=${token}` },
  });

describe('asking for a reset link', () => {
  it('mails a link to the outbox without SMTP_URL, and logs it', async () => {
    const { email } = await signUp();
    const { link, token } = await mailedLink(email);

    expect(link).toBe(`https://shop.example.in/auth/reset-password?token=${token}`);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [mail] = mailsTo(email);
    expect(path.dirname(mail!.file)).toBe(path.join(dataDir, 'outbox'));
    expect(mail!.file).toMatch(/\.eml$/);
    expect(mail!.subject).toBe(PASSWORD_RESET_MESSAGES.mailSubject);
    expect(mail!.from).toBe('Lootklip <no-reply@shop.example.in>');
    expect(mail!.text).toContain('within 30 minutes');

    const logged = readLogLines(log, logFile).filter((line) => line.msg === 'password reset link');
    expect(logged.at(-1)).toMatchObject({ to: email, link });
  });

  it(
    'answers the same whether or not the e-mail has an account, and mails only an account',
    async () => {
      // Its own app: its close waits for the work begun after each answer, so what was (not) mailed is final.
      const own = await createTestApp();
      try {
        const address = '10.8.0.1';
        const known = `known${counter}@example.in`;
        const signedUp = await own.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign-up',
          remoteAddress: address,
          payload: { email: known, password: OLD_PASSWORD, username: `known.${counter}`, fullName: 'Known' },
        });
        expect(signedUp.statusCode).toBe(201);
        const ask = (email: string) =>
          own.app.inject({
            method: 'POST',
            url: '/api/v1/auth/password-reset/request',
            remoteAddress: address,
            payload: { email },
          });
        const forKnown = await ask(` ${known.toUpperCase()} `);
        const forUnknown = await ask('nobody.here@example.in');

        expect(forUnknown.statusCode).toBe(200);
        expect(forKnown.statusCode).toBe(forUnknown.statusCode);
        expect(forKnown.body).toBe(forUnknown.body);
        expect(forKnown.headers['content-type']).toBe(forUnknown.headers['content-type']);
        expect(forKnown.json()).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.requested });

        await own.app.close();
        const mails = readOutbox(path.join(own.config.dataDir, 'outbox'));
        expect(mails.map((mail) => mail.to)).toEqual([known]);
        const rows = await own.testDatabase.database.db.selectFrom('password_resets').selectAll().execute();
        expect(rows).toHaveLength(1);
      } finally {
        await own.close();
      }
    },
    APP_START_TIMEOUT_MS,
  );

  it('stores the link only as the SHA-256 of its token', async () => {
    const { email, uid } = await signUp();
    const { token } = await mailedLink(email);
    const rows = await db().selectFrom('password_resets').selectAll().where('user_id', '=', uid).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const expiresIn = new Date(rows[0]!.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
  });

  it('refuses an e-mail that is not one, like sign-in does', async () => {
    const response = await requestReset('not an e-mail');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('auth/invalid-email');
  });

  it(`limits one e-mail to ${PASSWORD_RESET_PER_EMAIL_MAX} requests, with or without an account`, async () => {
    const { email } = await signUp();
    for (const target of [email, 'no.account.limited@example.in']) {
      for (let attempt = 0; attempt < PASSWORD_RESET_PER_EMAIL_MAX; attempt += 1) {
        expect((await requestReset(target)).statusCode).toBe(200);
      }
      const refused = await requestReset(target.toUpperCase());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json()).toMatchObject({
        code: 'auth/too-many-requests',
        message: PASSWORD_RESET_MESSAGES.tooManyRequests,
      });
    }
  });

  it(`limits one address to ${PASSWORD_RESET_PER_IP_MAX} requests`, async () => {
    const address = '10.9.0.1';
    for (let attempt = 0; attempt < PASSWORD_RESET_PER_IP_MAX; attempt += 1) {
      expect((await requestReset(`many${attempt}@example.in`, address)).statusCode).toBe(200);
    }
    expect((await requestReset('one.more@example.in', address)).statusCode).toBe(429);
    expect((await requestReset('one.more@example.in')).statusCode).toBe(200);
  });
});

describe('using a reset link', () => {
  it('sets the new password once: the old one and the link stop working', async () => {
    const { email } = await signUp();
    const { token } = await mailedLink(email);

    const done = await confirmReset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: PASSWORD_RESET_MESSAGES.done });
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, OLD_PASSWORD)).statusCode).toBe(401);

    const again = await confirmReset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'auth/invalid-action-code',
      message: PASSWORD_RESET_MESSAGES.linkInvalid,
    });
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { email, uid } = await signUp();
    const { token } = await mailedLink(email);
    await db()
      .updateTable('password_resets')
      .set({ expires_at: sql`now() - interval '1 second'` as never })
      .where('user_id', '=', uid)
      .execute();

    const response = await confirmReset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'auth/invalid-action-code',
      message: PASSWORD_RESET_MESSAGES.linkInvalid,
    });
    expect((await signIn(email, OLD_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up or malformed link', async () => {
    for (const token of ['made-up-token', 'x'.repeat(201), '']) {
      const response = await confirmReset(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json().code, token).toBe('auth/invalid-action-code');
    }
  });

  it('signs out every session of the account: refresh tokens and ID tokens stop working', async () => {
    const first = await signUp();
    const second = await signIn(first.email, OLD_PASSWORD);
    const secondRefresh = readRefreshCookie(second.headers['set-cookie']);
    const secondIdToken = second.json().data.idToken as string;
    // Still live before the reset: each check below can fail.
    expect((await refresh(secondRefresh)).statusCode).toBe(200);

    const { token } = await mailedLink(first.email);
    expect((await confirmReset(token)).statusCode).toBe(200);

    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await whoCanWrite(first.idToken)).statusCode).toBe(401);
    expect((await whoCanWrite(secondIdToken)).statusCode).toBe(401);
    const live = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', first.uid)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('holds the new password to the sign-up rules and keeps the link for another try', async () => {
    const { email } = await signUp();
    const { token } = await mailedLink(email);

    const short = await confirmReset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('auth/weak-password');
    const common = await confirmReset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'auth/weak-password', message: AUTH_MESSAGES.weakPassword });

    expect((await confirmReset(token)).statusCode).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('closes the other open links of the account once one is used', async () => {
    const { email } = await signUp();
    const older = await mailedLink(email);
    const newer = await mailedLink(email);
    expect(older.token).not.toBe(newer.token);

    expect((await confirmReset(newer.token)).statusCode).toBe(200);
    expect((await confirmReset(older.token, 'yet another passphrase')).json().code).toBe(
      'auth/invalid-action-code',
    );
  });

  it('is ended by a password change, and by signing out everywhere', async () => {
    const { email, idToken } = await signUp();
    const beforeChange = await mailedLink(email);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirmReset(beforeChange.token, 'yet another passphrase')).json().code).toBe(
      'auth/invalid-action-code',
    );
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);

    const beforeSignOut = await mailedLink(email);
    const signedIn = await signIn(email, NEW_PASSWORD);
    expect((await whoCanWrite(signedIn.json().data.idToken as string)).statusCode).toBe(200);
    expect((await confirmReset(beforeSignOut.token, 'yet another passphrase')).json().code).toBe(
      'auth/invalid-action-code',
    );
    // A link asked for after the change still works.
    const { token } = await mailedLink(email);
    expect((await confirmReset(token, 'yet another passphrase')).statusCode).toBe(200);
  });

  it('gives an account made through the external provider (no password) a password', async () => {
    const { email, uid } = await signUp();
    // As the external provider's sign-up leaves it: an account without credentials.
    await db().deleteFrom('credentials').where('user_id', '=', uid).execute();
    expect((await signIn(email, OLD_PASSWORD)).statusCode).toBe(401);

    const { token } = await mailedLink(email);
    expect((await confirmReset(token)).statusCode).toBe(200);
    const signedIn = await signIn(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.uid).toBe(uid);
  });
});
