// The identity service's writes that belong together, on a real database: each is made to fail part-way (the
// test database refuses one of its rows with a constraint, as a full disk or a lost connection would refuse it)
// and must then have changed nothing. Also the unique indexes deciding sign-up races inside those transactions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Executor } from '../db/transaction.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createAuthRepository } from './auth.repository.ts';
import {
  createAuthService,
  isTwoFactorPending,
  type AuthService,
  type IssuedSession,
  type TwoFactorPending,
} from './auth.service.ts';
import { createIdTokens, type IdTokens } from './id-tokens.ts';
import { createTwoFactorService, type TwoFactorService } from './two-factor.service.ts';

let testDatabase: TestDatabase;
let db: Executor;
let dataDir: string;
let idTokens: IdTokens;
let service: AuthService;
let config: ReturnType<typeof loadConfig>;
let twoFactor: TwoFactorService;
let counter = 0;

/** A password sign-in's session: these accounts have no two-factor, so it must be one. */
async function sessionOf(signIn: Promise<IssuedSession | TwoFactorPending>): Promise<IssuedSession> {
  const result = await signIn;
  if (isTwoFactorPending(result)) throw new Error('expected a session, got a two-factor challenge');
  return result;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-auth-service-'));
  config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  idTokens = await createIdTokens(config);
  twoFactor = createTwoFactorService({ db, encryptionKey: idTokens.deriveSecret('two-factor secrets') });
  service = createAuthService({ db, idTokens, config, twoFactor });
});
afterAll(async () => {
  await testDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function newAccount() {
  counter += 1;
  return {
    email: `buyer${counter}@example.in`,
    password: 'correct horse battery',
    username: `buyer.${counter}`,
    fullName: `Buyer ${counter}`,
  };
}

/**
 * Runs work while the table refuses the rows for which `allowed` is false (existing rows are not checked:
 * NOT VALID), then lifts the refusal. The statement that writes such a row fails with a check violation.
 */
async function whileRefusing<T>(
  table: string,
  allowed: RawBuilder<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  const name = `test_refuse_${table}`;
  // DDL takes no parameters: `allowed` carries its values as literals (sql.lit).
  await sql`alter table ${sql.table(table)} add constraint ${sql.ref(name)} check (${allowed}) not valid`.execute(
    db,
  );
  try {
    return await work();
  } finally {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
  }
}

const countRows = async (
  table: 'users' | 'credentials' | 'sessions' | 'external_identities',
  userId: string,
) => {
  const column = table === 'users' ? 'id' : 'user_id';
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('count'))
    .where(column, '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
};

const findUserIdByEmail = async (email: string) =>
  (
    await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst()
  )?.id;

const readLiveRows = async (userId: string) => ({
  sessions: await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute(),
  refreshTokens: await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('rotated_at', 'is', null)
    .orderBy('id')
    .execute(),
  tokensValidAfter: (
    await db
      .selectFrom('users')
      .select('tokens_valid_after')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).tokens_valid_after,
});

describe('password change', () => {
  it('is all or nothing: when the new session cannot begin, the old password and every session stay', async () => {
    const account = newAccount();
    const first = await service.signUp(account);
    const second = await sessionOf(service.signIn({ email: account.email, password: account.password }));
    const userId = first.session.user.uid;
    const auth = createAuthRepository(db);
    const hashBefore = await auth.findPasswordHash(userId);
    const liveBefore = await readLiveRows(userId);
    expect(liveBefore.sessions).toHaveLength(2);
    const newPassword = 'a brand new passphrase';

    // The new session is the last write of the change: the hash and the ending of every session come before it.
    await whileRefusing('sessions', sql`user_id <> ${sql.lit(userId)}`, async () => {
      await expect(
        service.changePassword(userId, { currentPassword: account.password, newPassword }),
      ).rejects.toMatchObject({ code: '23514' });
    });

    expect(await auth.findPasswordHash(userId)).toBe(hashBefore);
    expect(await readLiveRows(userId)).toEqual(liveBefore);
    expect(await service.authenticate(first.session.idToken)).toBe(userId);
    expect(await service.authenticate(second.session.idToken)).toBe(userId);
    expect((await service.refresh(first.refreshToken)).session.user.uid).toBe(userId);
    expect(
      (await sessionOf(service.signIn({ email: account.email, password: account.password }))).session.user
        .uid,
    ).toBe(userId);

    // Unhindered, the same change ends every session and begins one.
    const changed = await service.changePassword(userId, { currentPassword: account.password, newPassword });
    expect(await service.authenticate(second.session.idToken)).toBeNull();
    expect(await service.authenticate(changed.session.idToken)).toBe(userId);
    expect((await readLiveRows(userId)).sessions).toHaveLength(1);
    await expect(service.signIn({ email: account.email, password: account.password })).rejects.toMatchObject({
      details: { reason: 'auth/wrong-password' },
    });
  });
});

describe('sign-up', () => {
  it('leaves no account without credentials when the credentials cannot be written', async () => {
    const account = newAccount();
    await whileRefusing('credentials', sql`false`, async () => {
      await expect(service.signUp(account)).rejects.toMatchObject({ code: '23514' });
    });
    expect(await findUserIdByEmail(account.email)).toBeUndefined();
    // Nothing was kept, so the same sign-up succeeds now (not "e-mail in use").
    const issued = await service.signUp(account);
    expect(await countRows('credentials', issued.session.user.uid)).toBe(1);
  });

  it('leaves no account behind when its first session cannot begin, so the sign-up can be tried again', async () => {
    const account = newAccount();
    await whileRefusing('sessions', sql`false`, async () => {
      await expect(service.signUp(account)).rejects.toMatchObject({ code: '23514' });
    });
    expect(await findUserIdByEmail(account.email)).toBeUndefined();
    const issued = await service.signUp(account);
    expect(await countRows('sessions', issued.session.user.uid)).toBe(1);
    expect(await service.authenticate(issued.session.idToken)).toBe(issued.session.user.uid);
  });

  it('answers a race lost on the unique index as e-mail in use, leaving the winner alone', async () => {
    const winner = newAccount();
    const winnerSession = await service.signUp(winner);
    // The checks before the insert ran before the winner's commit: they saw nothing taken.
    const late = createAuthService({
      db,
      idTokens,
      config,
      twoFactor,
      createRepository: (executor) => ({
        ...createAuthRepository(executor),
        isEmailTaken: async () => false,
        isUsernameTaken: async () => false,
      }),
    });
    const countUsers = async () =>
      (
        await db
          .selectFrom('users')
          .select(sql<number>`count(*)::int`.as('count'))
          .executeTakeFirstOrThrow()
      ).count;
    const before = await countUsers();
    // The e-mail in other letters (the index is on lower(email)), then the username: either answers as before.
    for (const loser of [
      { ...newAccount(), email: winner.email.toUpperCase() },
      { ...newAccount(), username: winner.username },
    ]) {
      await expect(late.signUp(loser), loser.email).rejects.toMatchObject({
        details: { reason: 'auth/email-already-in-use' },
      });
    }
    expect(await countUsers()).toBe(before);
    expect(await service.authenticate(winnerSession.session.idToken)).toBe(winnerSession.session.user.uid);
  });
});

describe('external sign-in', () => {
  const identity = (subject: string, email: string, preferredUsername: string) => ({
    issuer: 'https://id.example.in',
    subject,
    email,
    name: undefined,
    preferredUsername,
  });

  it('leaves no account without its identity when the identity cannot be linked', async () => {
    counter += 1;
    const external = identity(`subject-${counter}`, `outside${counter}@example.in`, `outside${counter}`);
    await whileRefusing('external_identities', sql`false`, async () => {
      await expect(service.signInExternal(external)).rejects.toMatchObject({ code: '23514' });
    });
    expect(await findUserIdByEmail(external.email)).toBeUndefined();
    const issued = await service.signInExternal(external);
    expect(await countRows('external_identities', issued.session.user.uid)).toBe(1);
  });

  it('tries another username after losing one to a race, in a new transaction', async () => {
    const taken = await service.signUp(newAccount());
    counter += 1;
    // The username check saw the name free; the unique index refuses it, and the next attempt gets another.
    const late = createAuthService({
      db,
      idTokens,
      config,
      twoFactor,
      createRepository: (executor) => ({
        ...createAuthRepository(executor),
        isUsernameTaken: async () => false,
      }),
    });
    const external = identity(
      `subject-${counter}`,
      `racer${counter}@example.in`,
      taken.session.user.username,
    );
    const issued = await late.signInExternal(external);
    expect(issued.session.user.username).not.toBe(taken.session.user.username);
    expect(issued.session.user.username.startsWith(taken.session.user.username)).toBe(true);
    expect(await countRows('users', issued.session.user.uid)).toBe(1);
  });
});

describe('refresh', () => {
  it('commits the rotation with the next token: when the next cannot be written, the shown one still works', async () => {
    const account = newAccount();
    const issued = await service.signUp(account);
    const userId = issued.session.user.uid;
    // Refuses the new token (not rotated) but not the shown one marked rotated.
    const allowed = sql`rotated_at is not null or user_id <> ${sql.lit(userId)}`;
    await whileRefusing('refresh_tokens', allowed, async () => {
      await expect(service.refresh(issued.refreshToken)).rejects.toMatchObject({ code: '23514' });
    });
    const next = await service.refresh(issued.refreshToken);
    expect(next.session.user.uid).toBe(userId);
    expect(await service.authenticate(issued.session.idToken)).toBe(userId);
    expect((await service.refresh(next.refreshToken)).session.user.uid).toBe(userId);
  });
});
