// The two-factor service on a real database (decision 0075), with its clock moved by time steps: the secret is
// stored encrypted and opens only for its own user, codes one step either side of now count, a step at or before the
// last used one never does, and a wrong code leaves a sign-in's challenge open while a right one uses it up.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_PERIOD_SECONDS } from '../../shared/constants.ts';
import type { Executor } from '../db/transaction.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createTwoFactorService, type TwoFactorService } from './two-factor.service.ts';

const STEP_MS = TWO_FACTOR_PERIOD_SECONDS * 1000;
let testDatabase: TestDatabase;
let db: Executor;
let service: TwoFactorService;
// Mid-step, so that one step either way stays inside the window on both sides.
let clock = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
let counter = 0;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
  service = createTwoFactorService({ db, encryptionKey: Buffer.alloc(32, 7), now: () => clock });
});
afterAll(() => testDatabase.drop());

async function newUser(): Promise<string> {
  counter += 1;
  const id = `user-2fa-${counter}`;
  await db
    .insertInto('users')
    .values({ id, email: `u${counter}@example.in`, username: `u.${counter}` })
    .execute();
  return id;
}

const codeAt = (key: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp });

async function turnedOn() {
  const userId = await newUser();
  const { manualKey } = await service.setup(userId);
  const recoveryCodes = await service.confirm(userId, codeAt(manualKey, clock));
  return { userId, manualKey, recoveryCodes };
}

describe('two-factor service', () => {
  it('stores the secret encrypted, bound to its user', async () => {
    const { userId, manualKey } = await turnedOn();
    const other = await turnedOn();
    const row = await db
      .selectFrom('two_factor_secrets')
      .select('secret_encrypted')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(manualKey);
    // The ciphertext moved onto another user's row does not open there: their next code is refused, not matched.
    await db
      .updateTable('two_factor_secrets')
      .set({ secret_encrypted: row.secret_encrypted })
      .where('user_id', '=', other.userId)
      .execute();
    clock += STEP_MS;
    const challenge = await service.createChallenge(other.userId);
    await expect(service.completeChallenge(challenge, { code: codeAt(manualKey, clock) })).rejects.toThrow();
  });

  it('takes codes one step either side of now, each step once and never an earlier one', async () => {
    const { userId, manualKey } = await turnedOn();
    clock += 3 * STEP_MS;
    const signIn = async (code: string) =>
      service.completeChallenge(await service.createChallenge(userId), { code });
    // Two steps ahead is outside the window.
    await expect(signIn(codeAt(manualKey, clock + 2 * STEP_MS))).rejects.toMatchObject({
      details: { reason: 'auth/invalid-verification-code' },
    });
    // One step behind (clock drift) counts, then the current one; the behind one again, or the current one again,
    // does not.
    expect(await signIn(codeAt(manualKey, clock - STEP_MS))).toBe(userId);
    expect(await signIn(codeAt(manualKey, clock))).toBe(userId);
    await expect(signIn(codeAt(manualKey, clock - STEP_MS))).rejects.toThrow();
    await expect(signIn(codeAt(manualKey, clock))).rejects.toThrow();
    // A step ahead is still new.
    expect(await signIn(codeAt(manualKey, clock + STEP_MS))).toBe(userId);
  });

  it('keeps a challenge open through a wrong code and uses it up with a right one; an expired one is refused', async () => {
    const { userId, manualKey, recoveryCodes } = await turnedOn();
    const challenge = await service.createChallenge(userId);
    expect(await service.findChallengeUser(challenge)).toBe(userId);
    await expect(service.completeChallenge(challenge, { recoveryCode: 'AAAAA-AAAAA' })).rejects.toThrow();
    expect(await service.completeChallenge(challenge, { recoveryCode: recoveryCodes[0]! })).toBe(userId);
    await expect(
      service.completeChallenge(challenge, { recoveryCode: recoveryCodes[1]! }),
    ).rejects.toMatchObject({
      details: { reason: 'auth/code-expired' },
    });

    const late = await service.createChallenge(userId);
    clock += 6 * 60 * 1000;
    await expect(service.completeChallenge(late, { code: codeAt(manualKey, clock) })).rejects.toMatchObject({
      details: { reason: 'auth/code-expired' },
    });
    // The refused tries used nothing up: the recovery code still works on a new challenge.
    expect(
      await service.completeChallenge(await service.createChallenge(userId), {
        recoveryCode: recoveryCodes[1]!,
      }),
    ).toBe(userId);
  });

  it('replaces a pending setup but never a confirmed one, and confirms only with the pending key', async () => {
    const userId = await newUser();
    const first = await service.setup(userId);
    const second = await service.setup(userId);
    expect(second.manualKey).not.toBe(first.manualKey);
    await expect(service.confirm(userId, codeAt(first.manualKey, clock))).rejects.toThrow();
    expect(await service.isOn(userId)).toBe(false);
    await service.confirm(userId, codeAt(second.manualKey, clock));
    expect(await service.isOn(userId)).toBe(true);
    await expect(service.setup(userId)).rejects.toMatchObject({ status: 409 });
  });
});
