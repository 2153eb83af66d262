// The only code that touches credentials, sessions, refresh tokens and password reset links. Refresh tokens and
// reset tokens are stored as their SHA-256.
// A factory over an Executor (decision 0026): every method is one statement, and the writes that belong together
// (an account and its credentials, a session and its first token, every session ended) run in a transaction the
// auth service opens, with this repository built over it.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/transaction.ts';
import { isUsernameTaken } from '../modules/users/users.repository.ts';

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AuthUserRow {
  id: string;
  email: string;
  username: string;
  fullName: string;
  displayName: string;
  avatarVariants: unknown;
  tokensValidAfter: Date;
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

interface NewUser {
  id: string;
  email: string;
  username: string;
  fullName: string;
}

interface NewRefreshToken {
  id: string;
  userId: string;
  familyId: string;
  token: string;
  expiresAt: Date;
}

/** One session (its id is its refresh-token family's), or every session of a user. */
type SessionsOf = { sessionId: string } | { userId: string };

export function createAuthRepository(db: Executor) {
  function selectUsers() {
    return db
      .selectFrom('users as u')
      .leftJoin('media_objects as avatar', 'avatar.id', 'u.avatar_media_id')
      .select([
        'u.id',
        'u.email',
        'u.username',
        'u.full_name',
        'u.display_name',
        'u.tokens_valid_after',
        'avatar.variants as avatar_variants',
      ]);
  }

  function toUser(
    row: Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>,
  ): AuthUserRow {
    return {
      id: row.id,
      email: row.email,
      username: row.username,
      fullName: row.full_name,
      displayName: row.display_name,
      avatarVariants: row.avatar_variants,
      tokensValidAfter: new Date(row.tokens_valid_after),
    };
  }

  return {
    async findUserById(id: string): Promise<AuthUserRow | undefined> {
      const row = await selectUsers().where('u.id', '=', id).executeTakeFirst();
      return row ? toUser(row) : undefined;
    },

    async findUserWithPasswordByEmail(email: string) {
      const row = await selectUsers()
        .innerJoin('credentials as c', 'c.user_id', 'u.id')
        .select('c.password_hash')
        .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row ? { user: toUser(row), passwordHash: row.password_hash } : undefined;
    },

    async findPasswordHash(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('credentials')
        .select('password_hash')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.password_hash;
    },

    /**
     * Whether a bearer token's session is the user's and live (not revoked, not expired). One primary-key lookup,
     * read on every authenticated request, so that a session revoked by any instance is refused at once.
     */
    async isSessionLive(userId: string, sessionId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row !== undefined;
    },

    async isEmailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    isUsernameTaken: (username: string) => isUsernameTaken(db, username),

    /** The account's row alone: with its credentials or external identity, in the caller's transaction. */
    async insertUser(user: NewUser): Promise<void> {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          username: user.username,
          full_name: user.fullName,
          display_name: user.fullName,
        })
        .execute();
    },

    async insertCredentials(userId: string, passwordHash: string): Promise<void> {
      await db.insertInto('credentials').values({ user_id: userId, password_hash: passwordHash }).execute();
    },

    async findExternalIdentityUserId(issuer: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('external_identities')
        .select('user_id')
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Links an account signed in only through the external provider (no password) to its identity there. */
    async insertExternalIdentity(input: {
      issuer: string;
      subject: string;
      userId: string;
      email: string;
    }): Promise<void> {
      await db
        .insertInto('external_identities')
        .values({ issuer: input.issuer, subject: input.subject, user_id: input.userId, email: input.email })
        .execute();
    },

    /**
     * Sets the password, making the credentials when the account has none (one made through the external provider:
     * a reset link gives it a password, decision 0045).
     */
    async upsertPassword(userId: string, passwordHash: string): Promise<void> {
      await db
        .insertInto('credentials')
        .values({ user_id: userId, password_hash: passwordHash })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ password_hash: passwordHash, updated_at: sql`now()` as never }),
        )
        .execute();
    },

    async findUserByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'email'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /** Forgets the user's reset links that no longer work (used or expired), as a new one is made. */
    async deleteClosedPasswordResets(userId: string): Promise<void> {
      await db
        .deleteFrom('password_resets')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', sql<Date>`now()`)]))
        .execute();
    },

    /** A new reset link of the user, stored as its token's SHA-256 (never the token). */
    async insertPasswordReset(input: { token: string; userId: string; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('password_resets')
        .values({
          token_hash: hashRefreshToken(input.token),
          user_id: input.userId,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /** The user of a reset link that still works (unused, unexpired), without using it. */
    async findOpenPasswordReset(token: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('password_resets')
        .select('user_id')
        .where('token_hash', '=', hashRefreshToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Uses a reset link that still works and answers its user; undefined when it is unknown, expired or used. Of two
     * concurrent calls with one link exactly one gets the row (the second waits on its lock, then finds it used).
     */
    async usePasswordReset(token: string): Promise<string | undefined> {
      const row = await db
        .updateTable('password_resets')
        .set({ used_at: sql`now()` as never })
        .where('token_hash', '=', hashRefreshToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Every open reset link of the user stops working: once one has been used, the password changed or every
     * session ended (decision 0048).
     */
    async closePasswordResets(userId: string): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: sql`now()` as never })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },

    async setPassword(userId: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('credentials')
        .set({ password_hash: passwordHash, updated_at: sql`now()` as never })
        .where('user_id', '=', userId)
        .execute();
    },

    /** A new session: the refresh-token family its first token (insertRefreshToken) names with `id`. */
    async insertSession(input: { id: string; userId: string; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ id: input.id, user_id: input.userId, expires_at: input.expiresAt })
        .execute();
    },

    /** A session's refresh token: its first (with insertSession) or the next one after a rotation. */
    async insertRefreshToken(input: NewRefreshToken): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({
          id: input.id,
          user_id: input.userId,
          family_id: input.familyId,
          token_hash: hashRefreshToken(input.token),
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /**
     * Marks a live token rotated and returns it. Of two concurrent calls with one token, exactly one gets the row:
     * the second waits on the row lock, then finds rotated_at set.
     */
    async rotateRefreshToken(token: string) {
      return db
        .updateTable('refresh_tokens')
        .set({ rotated_at: sql`now()` as never })
        .where('token_hash', '=', hashRefreshToken(token))
        .where('rotated_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['user_id', 'family_id', 'expires_at'])
        .executeTakeFirst();
    },

    async findRefreshToken(token: string) {
      return db
        .selectFrom('refresh_tokens')
        .select(['family_id', 'rotated_at', 'revoked_at'])
        .where('token_hash', '=', hashRefreshToken(token))
        .executeTakeFirst();
    },

    /** Ends live sessions (SessionsOf), and through their rows their ID tokens; their refresh tokens: below. */
    async revokeSessions(which: SessionsOf): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: sql`now()` as never })
        .where((eb) =>
          'sessionId' in which ? eb('id', '=', which.sessionId) : eb('user_id', '=', which.userId),
        )
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes live refresh tokens: one session's (its family) or all of a user's. */
    async revokeRefreshTokens(which: SessionsOf): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql`now()` as never })
        .where((eb) =>
          'sessionId' in which ? eb('family_id', '=', which.sessionId) : eb('user_id', '=', which.userId),
        )
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * Moves tokens_valid_after past now. ID tokens are refused through their sessions (revokeUserSessions), so
     * this is no longer read; it is still moved so that, during a rolling upgrade, instances of the version before
     * sessions refuse the ended ID tokens too. A later migration can drop it.
     */
    async updateTokensValidAfter(userId: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ tokens_valid_after: sql`date_trunc('second', now()) + interval '1 second'` as never })
        .where('id', '=', userId)
        .execute();
    },
  };
}
