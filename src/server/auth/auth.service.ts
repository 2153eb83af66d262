// The built-in identity provider: sign-up, sign-in, refresh with rotation and reuse detection, sign-out,
// sign-out everywhere and password change. Errors carry the identity provider's codes (auth/...).
import { randomBytes, randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import {
  normalizeUsername,
  type AuthUser,
  type PasswordChangeBody,
  type Session,
  type SignInBody,
} from '../../shared/contracts/auth.ts';
import {
  REFRESH_REUSE_GRACE_MS,
  REFRESH_TOKEN_TTL_DAYS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../shared/constants.ts';
import { getDisplayNameField } from '../../shared/domain/display-name.ts';
import { AUTH_MESSAGES } from '../../shared/messages.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { buildThumbnailUrl } from '../media/media-urls.ts';
import type { MediaVariant } from '../media/media.schema.ts';
import type { AuthRepository, AuthUserRow } from './auth.repository.ts';
import type { IdTokens } from './id-tokens.ts';
import type { OidcIdentity } from './oidc.ts';
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

export function createAuthService(deps: { auth: AuthRepository; idTokens: IdTokens; config: Config }) {
  const { auth, idTokens, config } = deps;

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

  async function issue(user: AuthUserRow, family?: { id: string; expiresAt: Date }): Promise<IssuedSession> {
    const refreshToken = randomBytes(32).toString('base64url');
    // Rotation keeps the family's absolute expiry: a session lasts 30 days from sign-in, however active.
    const expiresAt = family?.expiresAt ?? new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * DAY_MS);
    // A sign-in (password or external) begins a session; a refresh continues its family's.
    const sessionId = family?.id ?? ulid();
    const next = { id: ulid(), userId: user.id, familyId: sessionId, token: refreshToken, expiresAt };
    await (family ? auth.insertRefreshToken(next) : auth.startSession(next));
    const { token, expiresIn } = await idTokens.sign(user.id, sessionId, user.tokensValidAfter);
    return {
      session: { user: toAuthUser(user), idToken: token, expiresIn },
      refreshToken,
      refreshExpiresAt: expiresAt,
    };
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
      try {
        await auth.createUserWithPassword({ ...input, id, passwordHash: await hashPassword(input.password) });
      } catch (error) {
        // Two sign-ups racing for one e-mail or username: the unique index decides.
        if ((error as { code?: string }).code === '23505') {
          throw authError('conflict', 'auth/email-already-in-use', AUTH_MESSAGES.emailInUse);
        }
        throw error;
      }
      return issue((await auth.findUserById(id))!);
    },

    async signIn(input: SignInBody): Promise<IssuedSession> {
      const found = await auth.findUserWithPasswordByEmail(input.email);
      const matches = found
        ? await verifyPassword(found.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!found || !matches) {
        throw authError('unauthorized', 'auth/wrong-password', AUTH_MESSAGES.wrongCredentials);
      }
      return issue(found.user);
    },

    /**
     * Signs in the account of an external identity, making it on first sight. An e-mail that already belongs to
     * an account is never taken over: that answers auth/account-exists-with-different-credential.
     */
    async signInExternal(identity: OidcIdentity): Promise<IssuedSession> {
      const knownUserId = await auth.findExternalIdentityUserId(identity.issuer, identity.subject);
      if (knownUserId) {
        const user = await auth.findUserById(knownUserId);
        if (user) return issue(user);
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
          await auth.createUserWithExternalIdentity({
            id,
            email,
            username,
            fullName: (identity.name ?? username).slice(0, 100),
            issuer: identity.issuer,
            subject: identity.subject,
          });
          return issue((await auth.findUserById(id))!);
        } catch (error) {
          if ((error as { code?: string }).code !== '23505') throw error;
          // Lost a race: for the e-mail (someone signed up with it just now), or for the username (try another).
          if (await auth.isEmailTaken(email)) throw accountExists();
          const userId = await auth.findExternalIdentityUserId(identity.issuer, identity.subject);
          if (userId) return issue((await auth.findUserById(userId))!);
        }
      }
      throw authError('conflict', 'auth/username-already-in-use', AUTH_MESSAGES.usernameInUse);
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw sessionExpired();
      const rotated = await auth.rotateRefreshToken(refreshToken);
      if (!rotated) {
        const known = await auth.findRefreshToken(refreshToken);
        const rotatedAgo = known?.rotated_at ? Date.now() - new Date(known.rotated_at).getTime() : Infinity;
        // A rotated token shown again is stolen, unless it is two tabs refreshing at once.
        if (known && !known.revoked_at && rotatedAgo > REFRESH_REUSE_GRACE_MS)
          await auth.revokeFamily(known.family_id);
        throw sessionExpired();
      }
      const user = await auth.findUserById(rotated.user_id);
      if (!user) throw sessionExpired();
      return issue(user, { id: rotated.family_id, expiresAt: new Date(rotated.expires_at) });
    },

    async signOut(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const known = await auth.findRefreshToken(refreshToken);
      if (known) await auth.revokeFamily(known.family_id);
    },

    signOutEverywhere: (userId: string) => auth.endAllSessions(userId),

    async changePassword(userId: string, body: PasswordChangeBody): Promise<IssuedSession> {
      const hash = await auth.findPasswordHash(userId);
      if (!hash || !(await verifyPassword(hash, body.currentPassword))) {
        throw authError('unauthorized', 'auth/wrong-password', AUTH_MESSAGES.wrongCredentials);
      }
      if (isCommonPassword(body.newPassword)) {
        throw authError('bad-request', 'auth/weak-password', AUTH_MESSAGES.weakPassword);
      }
      await auth.setPassword(userId, await hashPassword(body.newPassword));
      await auth.endAllSessions(userId);
      return issue((await auth.findUserById(userId))!);
    },

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
