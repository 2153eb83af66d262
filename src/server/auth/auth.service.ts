// The built-in identity provider: sign-up, sign-in, refresh with rotation and reuse detection, sign-out,
// sign-out everywhere, password change and password reset links (decision 0045). Errors carry the identity
// provider's codes (auth/...). Writes that belong together run in one transaction this service opens, with the
// repository built over it (decision 0026).
import { randomBytes, randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import {
  normalizeUsername,
  type AuthUser,
  type PasswordChangeBody,
  type PasswordResetConfirmBody,
  type Session,
  type SignInBody,
} from '../../shared/contracts/auth.ts';
import {
  PASSWORD_RESET_TOKEN_BYTES,
  PASSWORD_RESET_TTL_MS,
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_TTL_DAYS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../shared/constants.ts';
import { getDisplayNameField } from '../../shared/domain/display-name.ts';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from '../../shared/auth-messages.ts';
import type { Config } from '../config.ts';
import { runInTransaction, type Executor } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { buildThumbnailUrl } from '../media/media-urls.ts';
import type { MediaVariant } from '../db/tables/media-objects.ts';
import { createAuthRepository, type AuthRepository, type AuthUserRow } from './auth.repository.ts';
import type { IdTokens } from './id-tokens.ts';
import type { OidcIdentity } from './oidc.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

const AVATAR_MIN_WIDTH = 128;
const DAY_MS = 24 * 60 * 60 * 1000;

export const authError = (
  status: 'bad-request' | 'unauthorized' | 'conflict',
  reason: string,
  message: string,
) => new AppError(status, message, { reason });

export interface SignUpInput {
  email: string;
  password: string;
  username: string;
  fullName: string;
}

/** A session for the client plus the refresh token that goes into the cookie. */
export interface IssuedSession {
  session: Session;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** A free-to-try username for an external account: from its preferred name or e-mail, in the allowed letters. */
export function usernameCandidate(
  identity: Pick<OidcIdentity, 'preferredUsername' | 'email'>,
  attempt: number,
) {
  const source = identity.preferredUsername ?? identity.email?.split('@')[0] ?? '';
  let base = normalizeUsername(source)
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, USERNAME_MAX_LENGTH - 5);
  if (base.length < USERNAME_MIN_LENGTH) base = `user${base}`;
  return attempt === 0 ? base : `${base}${randomInt(1000, 100_000)}`;
}

const USERNAME_ATTEMPTS = 8;

export type AuthService = ReturnType<typeof createAuthService>;

/** A right password for an account with two-factor on: no session yet, a challenge for the second step. */
export interface TwoFactorPending {
  twoFactorRequired: true;
  challenge: string;
}

export const isTwoFactorPending = (result: IssuedSession | TwoFactorPending): result is TwoFactorPending =>
  'twoFactorRequired' in result;

/** A session's refresh token as written, before its ID token is signed. */
interface SessionGrant {
  user: AuthUserRow;
  sessionId: string;
  refreshToken: string;
  expiresAt: Date;
}

export function createAuthService(deps: {
  /**
   * The database; writes that belong together open a transaction on it and build the repository over that. Not a
   * transaction: a sign-up race ends in a unique violation, which aborts the transaction it happens in, and the
   * service reads again after it.
   */
  db: Executor;
  idTokens: IdTokens;
  config: Config;
  /** Password sign-ins of accounts with two-factor on stop at a challenge (decision 0075). */
  twoFactor: Pick<TwoFactorService, 'isOn' | 'createChallenge'>;
  /** Builds the repository over an executor (tests wrap it to stand in for a check that lost a race). */
  createRepository?: (executor: Executor) => AuthRepository;
}) {
  const { db, idTokens, config } = deps;
  const repositoryOn = deps.createRepository ?? createAuthRepository;
  /** Reads outside a transaction. */
  const auth = repositoryOn(db);
  /**
   * Writes that belong together: one transaction, the repository over it (decision 0026). Only `repository` may be
   * used inside: on PGlite the transaction holds the only connection, so a statement on `db` would wait forever.
   */
  const inTransaction = <T>(work: (repository: AuthRepository) => Promise<T>) =>
    runInTransaction(db, (tx) => work(repositoryOn(tx)));

  function toAuthUser(user: AuthUserRow): AuthUser {
    const variants = Array.isArray(user.avatarVariants) ? (user.avatarVariants as MediaVariant[]) : null;
    return {
      uid: user.id,
      email: user.email,
      username: user.username,
      fullName: user.fullName,
      displayName: getDisplayNameField(user),
      avatar: variants ? buildThumbnailUrl(variants, AVATAR_MIN_WIDTH, config) : null,
    };
  }

  /**
   * Writes a session's next refresh token, on the repository of the caller's transaction: for a sign-in a new
   * session with its first token, for a refresh the family's next one.
   */
  async function writeSession(
    repository: AuthRepository,
    user: AuthUserRow,
    family?: { id: string; expiresAt: Date },
  ): Promise<SessionGrant> {
    const refreshToken = randomBytes(32).toString('base64url');
    // Rotation keeps the family's absolute expiry: a session lasts 30 days from sign-in, however active.
    const expiresAt = family?.expiresAt ?? new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * DAY_MS);
    const sessionId = family?.id ?? ulid();
    if (!family) await repository.insertSession({ id: sessionId, userId: user.id, expiresAt });
    await repository.insertRefreshToken({
      id: ulid(),
      userId: user.id,
      familyId: sessionId,
      token: refreshToken,
      expiresAt,
    });
    return { user, sessionId, refreshToken, expiresAt };
  }

  /** Signs the session's ID token: after the commit, so that the transaction holds only its statements. */
  async function toIssuedSession(grant: SessionGrant): Promise<IssuedSession> {
    const { token, expiresIn } = await idTokens.sign(
      grant.user.id,
      grant.sessionId,
      grant.user.tokensValidAfter,
    );
    return {
      session: { user: toAuthUser(grant.user), idToken: token, expiresIn },
      refreshToken: grant.refreshToken,
      refreshExpiresAt: grant.expiresAt,
    };
  }

  /** A sign-in of an existing account: the session and its first refresh token, together. */
  const beginSession = async (user: AuthUserRow) =>
    toIssuedSession(await inTransaction((repository) => writeSession(repository, user)));

  /** A new session for the user as the caller's transaction has written them (a new account, a new password). */
  const writeNewSession = async (repository: AuthRepository, userId: string) =>
    writeSession(repository, (await repository.findUserById(userId))!);

  /** Ends one session: the session row (and so its ID tokens) and its refresh tokens, together. */
  const endSession = (sessionId: string) =>
    inTransaction(async (repository) => {
      await repository.revokeSessions({ sessionId });
      await repository.revokeRefreshTokens({ sessionId });
    });

  /**
   * Ends every session of the user and closes their open reset links, on the repository of the caller's
   * transaction: a link asked for before a password change or a sign-out everywhere must not set a password after
   * it (decision 0048).
   */
  async function endAllSessions(repository: AuthRepository, userId: string): Promise<void> {
    await repository.updateTokensValidAfter(userId);
    await repository.revokeSessions({ userId });
    await repository.revokeRefreshTokens({ userId });
    await repository.closePasswordResets(userId);
  }

  const sessionExpired = () =>
    authError('unauthorized', 'auth/session-expired', AUTH_MESSAGES.sessionExpired);

  return {
    async signUp(input: SignUpInput): Promise<IssuedSession> {
      if (isCommonPassword(input.password)) {
        throw authError('bad-request', 'auth/weak-password', AUTH_MESSAGES.weakPassword);
      }
      if (await auth.isEmailTaken(input.email)) {
        throw authError('conflict', 'auth/email-already-in-use', AUTH_MESSAGES.emailInUse);
      }
      if (await auth.isUsernameTaken(input.username)) {
        throw authError('conflict', 'auth/username-already-in-use', AUTH_MESSAGES.usernameInUse);
      }
      const id = ulid();
      const passwordHash = await hashPassword(input.password);
      let grant: SessionGrant;
      try {
        // The account, its credentials and its first session, or none of them: a sign-up that fails leaves no
        // account without a password behind, and the same sign-up can be tried again.
        grant = await inTransaction(async (repository) => {
          await repository.insertUser({ ...input, id });
          await repository.insertCredentials(id, passwordHash);
          return writeNewSession(repository, id);
        });
      } catch (error) {
        // Two sign-ups racing for one e-mail or username: the unique index decides (the transaction rolled back).
        if ((error as { code?: string }).code === '23505') {
          throw authError('conflict', 'auth/email-already-in-use', AUTH_MESSAGES.emailInUse);
        }
        throw error;
      }
      return toIssuedSession(grant);
    },

    /**
     * A password sign-in. With two-factor on, the right password answers a challenge and no session: a stolen
     * password alone never signs in (decision 0075).
     */
    async signIn(input: SignInBody): Promise<IssuedSession | TwoFactorPending> {
      const found = await auth.findUserWithPasswordByEmail(input.email);
      const matches = found
        ? await verifyPassword(found.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!found || !matches) {
        throw authError('unauthorized', 'auth/wrong-password', AUTH_MESSAGES.wrongCredentials);
      }
      if (await deps.twoFactor.isOn(found.user.id)) {
        return { twoFactorRequired: true, challenge: await deps.twoFactor.createChallenge(found.user.id) };
      }
      return beginSession(found.user);
    },

    /** The session of a sign-in whose second step passed (two-factor.service.ts completeChallenge). */
    async beginSessionAfterSecondStep(userId: string): Promise<IssuedSession> {
      const user = await auth.findUserById(userId);
      if (!user) throw sessionExpired();
      return beginSession(user);
    },

    /**
     * Signs in the account of an external identity, making it on first sight. An e-mail that already belongs to
     * an account is never taken over: that answers auth/account-exists-with-different-credential.
     */
    async signInExternal(identity: OidcIdentity): Promise<IssuedSession> {
      const knownUserId = await auth.findExternalIdentityUserId(identity.issuer, identity.subject);
      if (knownUserId) {
        const user = await auth.findUserById(knownUserId);
        if (user) return beginSession(user);
      }
      const { email } = identity;
      if (!email) throw authError('bad-request', 'auth/invalid-auth-event', AUTH_MESSAGES.externalNoEmail);
      const accountExists = () =>
        authError(
          'conflict',
          'auth/account-exists-with-different-credential',
          AUTH_MESSAGES.externalAccountExists,
        );
      if (await auth.isEmailTaken(email)) throw accountExists();
      const id = ulid();
      for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
        const username = usernameCandidate(identity, attempt);
        if (await auth.isUsernameTaken(username)) continue;
        try {
          // The account, its link to the identity and its first session, or none of them.
          const grant = await inTransaction(async (repository) => {
            await repository.insertUser({
              id,
              email,
              username,
              fullName: (identity.name ?? username).slice(0, 100),
            });
            await repository.insertExternalIdentity({
              issuer: identity.issuer,
              subject: identity.subject,
              userId: id,
              email,
            });
            return writeNewSession(repository, id);
          });
          return await toIssuedSession(grant);
        } catch (error) {
          if ((error as { code?: string }).code !== '23505') throw error;
          // Lost a race (the transaction rolled back): for the e-mail (someone signed up with it just now), or for
          // the username (try another).
          if (await auth.isEmailTaken(email)) throw accountExists();
          const userId = await auth.findExternalIdentityUserId(identity.issuer, identity.subject);
          if (userId) return beginSession((await auth.findUserById(userId))!);
        }
      }
      throw authError('conflict', 'auth/username-already-in-use', AUTH_MESSAGES.usernameInUse);
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw sessionExpired();
      // The rotation and the next token commit together. Apart, a failure between them would leave the shown
      // token rotated with no next one: the client's retry with it would then pass for reuse and end the session.
      // The rotation's row lock is held until the commit, so a concurrent refresh with the same token waits and
      // then finds it rotated.
      const grant = await inTransaction(async (repository) => {
        const rotated = await repository.rotateRefreshToken(refreshToken);
        if (!rotated) return null;
        const user = await repository.findUserById(rotated.user_id);
        if (!user) throw sessionExpired();
        return writeSession(repository, user, {
          id: rotated.family_id,
          expiresAt: new Date(rotated.expires_at),
        });
      });
      if (grant) return toIssuedSession(grant);
      const known = await auth.findRefreshToken(refreshToken);
      const rotatedAgo = known?.rotated_at ? Date.now() - new Date(known.rotated_at).getTime() : Infinity;
      // A rotated token shown again is stolen, unless it is two tabs refreshing at once.
      if (known && !known.revoked_at && rotatedAgo > REFRESH_REUSE_GRACE_MS)
        await endSession(known.family_id);
      throw sessionExpired();
    },

    async signOut(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const known = await auth.findRefreshToken(refreshToken);
      if (known) await endSession(known.family_id);
    },

    signOutEverywhere: (userId: string) => inTransaction((repository) => endAllSessions(repository, userId)),

    async changePassword(userId: string, body: PasswordChangeBody): Promise<IssuedSession> {
      const hash = await auth.findPasswordHash(userId);
      if (!hash || !(await verifyPassword(hash, body.currentPassword))) {
        throw authError('unauthorized', 'auth/wrong-password', AUTH_MESSAGES.wrongCredentials);
      }
      if (isCommonPassword(body.newPassword)) {
        throw authError('bad-request', 'auth/weak-password', AUTH_MESSAGES.weakPassword);
      }
      const passwordHash = await hashPassword(body.newPassword);
      // All or nothing: the new hash, every session ended and the new one begun. Should any of it fail, the old
      // password still signs in and the sessions it had go on.
      const grant = await inTransaction(async (repository) => {
        await repository.setPassword(userId, passwordHash);
        await endAllSessions(repository, userId);
        return writeNewSession(repository, userId);
      });
      return toIssuedSession(grant);
    },

    /**
     * A new reset link's token for the account of the e-mail, and the account's e-mail to send it to; null when no
     * account has that e-mail. Only the token's SHA-256 is stored; the caller mails the token (decision 0045).
     */
    async createPasswordReset(email: string): Promise<{ token: string; email: string } | null> {
      const user = await auth.findUserByEmail(email);
      if (!user) return null;
      const token = randomBytes(PASSWORD_RESET_TOKEN_BYTES).toString('base64url');
      const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
      await inTransaction(async (repository) => {
        await repository.deleteClosedPasswordResets(user.id);
        await repository.insertPasswordReset({ token, userId: user.id, expiresAt });
      });
      return { token, email: user.email };
    },

    /**
     * Sets the password of a reset link's account (making its credentials if it had none: an account of the
     * external provider) and ends every session of the account, with the link and the account's other open links
     * used up: all or nothing. No session is begun: the person signs in with the new password.
     */
    async resetPassword(body: PasswordResetConfirmBody): Promise<void> {
      const invalidLink = () =>
        authError('bad-request', 'auth/invalid-action-code', PASSWORD_RESET_MESSAGES.linkInvalid);
      // Checked before the (costly) hash, so that made-up links cost no hashing; used only in the transaction.
      if (!(await auth.findOpenPasswordReset(body.token))) throw invalidLink();
      if (isCommonPassword(body.password)) {
        throw authError('bad-request', 'auth/weak-password', AUTH_MESSAGES.weakPassword);
      }
      const passwordHash = await hashPassword(body.password);
      await inTransaction(async (repository) => {
        // Two submits of one link at once: the second finds it used here.
        const userId = await repository.usePasswordReset(body.token);
        if (!userId) throw invalidLink();
        await repository.upsertPassword(userId, passwordHash);
        // Closes the account's other open links too.
        await endAllSessions(repository, userId);
      });
    },

    /** The id of the account with this e-mail, if any: a slowed account's device cookie is checked against it. */
    findUserIdByEmail: async (email: string): Promise<string | null> =>
      (await auth.findUserByEmail(email))?.id ?? null,

    /**
     * The user id of a valid bearer token, or null. The token's session must be live: sign-out, refresh-token reuse,
     * password change and sign-out everywhere revoke sessions in the database, which every instance reads here.
     */
    async authenticate(idToken: string): Promise<string | null> {
      const claims = await idTokens.verify(idToken);
      if (!claims) return null;
      if (!(await auth.isSessionLive(claims.userId, claims.sessionId))) return null;
      return claims.userId;
    },
  };
}
