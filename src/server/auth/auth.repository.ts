// The only code that touches credentials, sessions and refresh tokens. Refresh tokens are stored as their SHA-256.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
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

function insertUser(tx: Kysely<DB>, user: NewUser) {
  return tx
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      username: user.username,
      full_name: user.fullName,
      display_name: user.fullName,
    })
    .execute();
}

interface NewRefreshToken {
  id: string;
  userId: string;
  familyId: string;
  token: string;
  expiresAt: Date;
}

function insertRefreshToken(db: Kysely<DB>, input: NewRefreshToken) {
  return db
    .insertInto('refresh_tokens')
    .values({
      id: input.id,
      user_id: input.userId,
      family_id: input.familyId,
      token_hash: hashRefreshToken(input.token),
      expires_at: input.expiresAt,
    })
    .execute();
}

export function createAuthRepository(db: Kysely<DB>) {
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

    async createUserWithPassword(input: {
      id: string;
      email: string;
      username: string;
      fullName: string;
      passwordHash: string;
    }): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await insertUser(tx, input);
        await tx
          .insertInto('credentials')
          .values({ user_id: input.id, password_hash: input.passwordHash })
          .execute();
      });
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

    /** A new account signed in only through the external provider: no password. */
    async createUserWithExternalIdentity(input: {
      id: string;
      email: string;
      username: string;
      fullName: string;
      issuer: string;
      subject: string;
    }): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await insertUser(tx, input);
        await tx
          .insertInto('external_identities')
          .values({ issuer: input.issuer, subject: input.subject, user_id: input.id, email: input.email })
          .execute();
      });
    },

    async setPassword(userId: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('credentials')
        .set({ password_hash: passwordHash, updated_at: sql`now()` as never })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Begins a session (a new refresh-token family, id `familyId`) with its first refresh token. */
    async startSession(input: NewRefreshToken): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('sessions')
          .values({ id: input.familyId, user_id: input.userId, expires_at: input.expiresAt })
          .execute();
        await insertRefreshToken(tx, input);
      });
    },

    /** The next refresh token of a session, after a rotation. */
    async insertRefreshToken(input: NewRefreshToken): Promise<void> {
      await insertRefreshToken(db, input);
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

    /** Ends one session: its refresh tokens and, through the session row, its ID tokens. */
    async revokeFamily(familyId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('sessions')
          .set({ revoked_at: sql`now()` as never })
          .where('id', '=', familyId)
          .where('revoked_at', 'is', null)
          .execute();
        await tx
          .updateTable('refresh_tokens')
          .set({ revoked_at: sql`now()` as never })
          .where('family_id', '=', familyId)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },

    /**
     * Ends every session: the sessions (and so their ID tokens) and their refresh tokens revoked. tokens_valid_after
     * is no longer read here (the sessions are); it is still moved so that, during a rolling upgrade, instances of
     * the version before sessions refuse the ended ID tokens too. A later migration can drop it.
     */
    async endAllSessions(userId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('users')
          .set({ tokens_valid_after: sql`date_trunc('second', now()) + interval '1 second'` as never })
          .where('id', '=', userId)
          .execute();
        await tx
          .updateTable('sessions')
          .set({ revoked_at: sql`now()` as never })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        await tx
          .updateTable('refresh_tokens')
          .set({ revoked_at: sql`now()` as never })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },
  };
}
