// The only code that touches the two-factor tables (migrations/0026_create_two_factor.sql; decision 0075). Every
// method is one statement; the service runs the ones that belong together in one transaction, with this repository
// built over it (decision 0026).
import type { Executor } from '../db/transaction.ts';

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

export interface TwoFactorSecretRow {
  secretEncrypted: string;
  confirmed: boolean;
  lastUsedStep: number | null;
}

export function createTwoFactorRepository(db: Executor) {
  return {
    async findSecret(userId: string): Promise<TwoFactorSecretRow | undefined> {
      const row = await db
        .selectFrom('two_factor_secrets')
        .select(['secret_encrypted', 'confirmed_at', 'last_used_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          secretEncrypted: row.secret_encrypted,
          confirmed: row.confirmed_at !== null,
          lastUsedStep: row.last_used_step,
        }
      );
    },

    async isOn(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('two_factor_secrets')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new pending secret, replacing an earlier pending one; none is written over a confirmed one. */
    async upsertPendingSecret(userId: string, secretEncrypted: string): Promise<boolean> {
      const result = await db
        .insertInto('two_factor_secrets')
        .values({ user_id: userId, secret_encrypted: secretEncrypted })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ secret_encrypted: secretEncrypted, last_used_step: null, created_at: new Date() })
            .where('two_factor_secrets.confirmed_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * Takes a code's time step: true only when it is after the last used one (the replay guard), for a confirmed
     * secret or, with `confirming`, the pending one it confirms. Concurrent uses of one code: one wins the row.
     */
    async useStep(userId: string, step: number, confirming = false): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_secrets')
        .set(confirming ? { last_used_step: step, confirmed_at: new Date() } : { last_used_step: step })
        .where('user_id', '=', userId)
        .where('confirmed_at', confirming ? 'is' : 'is not', null)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
      await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await db
        .insertInto('two_factor_recovery_codes')
        .values(codeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash })))
        .execute();
    },

    /** Uses an unused recovery code up; false when it is unknown or already used. */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Two-factor off: the secret, the recovery codes and any open sign-in challenges. */
    async deleteAll(userId: string): Promise<void> {
      await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
      await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
    },

    async insertChallenge(input: {
      tokenHash: string;
      userId: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      // The user's spent and expired challenges go as a new one comes, so they do not pile up.
      await db
        .deleteFrom('two_factor_challenges')
        .where('user_id', '=', input.userId)
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', input.now)]))
        .execute();
      await db
        .insertInto('two_factor_challenges')
        .values({ token_hash: input.tokenHash, user_id: input.userId, expires_at: input.expiresAt })
        .execute();
    },

    /** The user of an open (unused, unexpired at `now`) challenge. */
    async findOpenChallenge(tokenHash: string, now: Date): Promise<string | undefined> {
      const row = await db
        .selectFrom('two_factor_challenges')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Uses an open challenge up; false when another request used it first or it has expired. */
    async useChallenge(tokenHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_challenges')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The account's e-mail: the label an authenticator app shows beside the codes. */
    async findEmail(userId: string): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email;
    },

    async findPasswordHash(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('credentials')
        .select('password_hash')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.password_hash;
    },
  };
}
