// Two-factor sign-in with an authenticator app (decision 0075): TOTP (RFC 6238) through the
// otpauth library, the QR code drawn by the qrcode library on the server. The secret is stored encrypted with
// AES-256-GCM (node:crypto) under a key derived from the signing key, bound to its user; recovery codes and sign-in
// challenges are stored as their SHA-256. A code is taken at most once: its time step must come after the last used
// one. Writes that belong together run in one transaction (decision 0026).
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  TWO_FACTOR_CHALLENGE_TTL_MS,
  TWO_FACTOR_DIGITS,
  TWO_FACTOR_ISSUER,
  TWO_FACTOR_PERIOD_SECONDS,
  TWO_FACTOR_RECOVERY_CODE_COUNT,
  TWO_FACTOR_RECOVERY_CODE_LENGTH,
  TWO_FACTOR_SECRET_BYTES,
  TWO_FACTOR_WINDOW_STEPS,
} from '../../shared/constants.ts';
import type { TwoFactorDisableBody, TwoFactorSetup } from '../../shared/contracts/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor-messages.ts';
import { runInTransaction, type Executor } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { createTwoFactorRepository, type TwoFactorRepository } from './two-factor.repository.ts';

/** No 0/O, 1/I/L: read off a screen or paper without doubt. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GCM_IV_BYTES = 12;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A recovery code as stored and compared: upper case, no dash or spaces. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toUpperCase();

function newRecoveryCode(): string {
  const characters = Array.from(
    { length: TWO_FACTOR_RECOVERY_CODE_LENGTH },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  ).join('');
  const half = TWO_FACTOR_RECOVERY_CODE_LENGTH / 2;
  return `${characters.slice(0, half)}-${characters.slice(half)}`;
}

/** What a second factor may be: a code from the app or a recovery code. */
export type SecondFactor = { code: string } | { recoveryCode: string };

const error = (status: 'bad-request' | 'unauthorized' | 'conflict', reason: string, message: string) =>
  new AppError(status, message, { reason });
/** One text for a wrong app code and a wrong recovery code: the client shows it by its auth/... code. */
export const wrongCodeError = () =>
  error('unauthorized', 'auth/invalid-verification-code', TWO_FACTOR_MESSAGES.wrongCode);

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

export function createTwoFactorService(deps: {
  db: Executor;
  /** 32 bytes: the secrets' encryption key, the same on every instance (idTokens.deriveSecret). */
  encryptionKey: Buffer;
  now?: (() => number) | undefined;
}) {
  const { db, encryptionKey } = deps;
  const now = deps.now ?? Date.now;
  const twoFactor = createTwoFactorRepository(db);
  const inTransaction = <T>(work: (repository: TwoFactorRepository) => Promise<T>) =>
    runInTransaction(db, (tx) => work(createTwoFactorRepository(tx)));

  // The user id is the additional data: a ciphertext copied to another user's row does not decrypt.
  function encrypt(userId: string, base32: string): string {
    const iv = randomBytes(GCM_IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv).setAAD(Buffer.from(userId));
    const encrypted = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.');
  }

  function decrypt(userId: string, stored: string): string {
    const [iv, tag, encrypted] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv!).setAAD(Buffer.from(userId));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(encrypted!), decipher.final()]).toString('utf8');
  }

  const totpOf = (base32: string, label = '') =>
    new TOTP({
      issuer: TWO_FACTOR_ISSUER,
      label,
      algorithm: 'SHA1',
      digits: TWO_FACTOR_DIGITS,
      period: TWO_FACTOR_PERIOD_SECONDS,
      secret: Secret.fromBase32(base32),
    });

  /** The time step of a code that is right now (one step either side), or null. */
  function matchStep(base32: string, code: string): number | null {
    const timestamp = now();
    const delta = totpOf(base32).validate({ token: code, timestamp, window: TWO_FACTOR_WINDOW_STEPS });
    if (delta === null) return null;
    return Math.floor(timestamp / 1000 / TWO_FACTOR_PERIOD_SECONDS) + delta;
  }

  /**
   * Takes the factor on the repository of the caller's transaction: a code whose step comes after the last used
   * one, or an unused recovery code. A wrong or replayed one throws (and so rolls the transaction back).
   */
  async function takeFactor(repository: TwoFactorRepository, userId: string, factor: SecondFactor) {
    if ('recoveryCode' in factor) {
      if (!(await repository.useRecoveryCode(userId, sha256(normalizeRecoveryCode(factor.recoveryCode)))))
        throw wrongCodeError();
      return;
    }
    const secret = await repository.findSecret(userId);
    const step = secret?.confirmed ? matchStep(decrypt(userId, secret.secretEncrypted), factor.code) : null;
    if (step === null || !(await repository.useStep(userId, step))) throw wrongCodeError();
  }

  return {
    isOn: (userId: string) => twoFactor.isOn(userId),

    /** A new pending secret (an earlier pending one is replaced): the key, its otpauth URI and the URI's QR code. */
    async setup(userId: string): Promise<TwoFactorSetup> {
      const accountName = (await twoFactor.findEmail(userId)) ?? userId;
      const secret = new Secret({ size: TWO_FACTOR_SECRET_BYTES });
      if (!(await twoFactor.upsertPendingSecret(userId, encrypt(userId, secret.base32)))) {
        throw error('conflict', 'auth/invalid-argument', TWO_FACTOR_MESSAGES.alreadyOn);
      }
      const otpauthUri = totpOf(secret.base32, accountName).toString();
      const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return { manualKey: secret.base32, otpauthUri, qrSvg };
    },

    /** Turns two-factor on with a first code from the pending secret; answers the recovery codes, shown once. */
    async confirm(userId: string, code: string): Promise<string[]> {
      const pending = await twoFactor.findSecret(userId);
      if (!pending || pending.confirmed) {
        throw error(
          'conflict',
          'auth/invalid-argument',
          pending ? TWO_FACTOR_MESSAGES.alreadyOn : TWO_FACTOR_MESSAGES.notPending,
        );
      }
      const step = matchStep(decrypt(userId, pending.secretEncrypted), code);
      if (step === null) throw wrongCodeError();
      const codes = Array.from({ length: TWO_FACTOR_RECOVERY_CODE_COUNT }, newRecoveryCode);
      await inTransaction(async (repository) => {
        if (!(await repository.useStep(userId, step, true))) throw wrongCodeError();
        await repository.replaceRecoveryCodes(
          userId,
          codes.map((recovery) => sha256(normalizeRecoveryCode(recovery))),
        );
      });
      return codes;
    },

    /** Turns two-factor off: the password and a code (or a recovery code) both right. */
    async disable(userId: string, body: TwoFactorDisableBody): Promise<void> {
      if (!(await twoFactor.isOn(userId))) {
        throw error('conflict', 'auth/invalid-argument', TWO_FACTOR_MESSAGES.notOn);
      }
      const hash = await twoFactor.findPasswordHash(userId);
      if (!hash) {
        await verifyAgainstDummy(body.password);
        throw error('bad-request', 'auth/wrong-password', TWO_FACTOR_MESSAGES.noPassword);
      }
      if (!(await verifyPassword(hash, body.password))) {
        throw error('unauthorized', 'auth/wrong-password', TWO_FACTOR_MESSAGES.wrongPassword);
      }
      const code = body.code.replace(/\s+/g, '');
      const factor: SecondFactor = new RegExp(`^\\d{${TWO_FACTOR_DIGITS}}$`).test(code)
        ? { code }
        : { recoveryCode: code };
      await inTransaction(async (repository) => {
        await takeFactor(repository, userId, factor);
        await repository.deleteAll(userId);
      });
    },

    /** The second step of a password sign-in: a single-use challenge bound to the user. */
    async createChallenge(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await twoFactor.insertChallenge({
        tokenHash: sha256(token),
        userId,
        expiresAt: new Date(now() + TWO_FACTOR_CHALLENGE_TTL_MS),
        now: new Date(now()),
      });
      return token;
    },

    /** The user an open challenge is for, or null (unknown, used or expired). */
    findChallengeUser: async (challenge: string): Promise<string | null> =>
      (await twoFactor.findOpenChallenge(sha256(challenge), new Date(now()))) ?? null,

    /**
     * Completes a sign-in's second step: the factor taken and the challenge used up together, so a wrong code leaves
     * the challenge open for the next try and a right one cannot complete it twice. Answers the user id.
     */
    async completeChallenge(challenge: string, factor: SecondFactor): Promise<string> {
      const tokenHash = sha256(challenge);
      return inTransaction(async (repository) => {
        const at = new Date(now());
        const userId = await repository.findOpenChallenge(tokenHash, at);
        if (!userId || !(await repository.useChallenge(tokenHash, at))) {
          throw error('unauthorized', 'auth/code-expired', TWO_FACTOR_MESSAGES.challengeExpired);
        }
        await takeFactor(repository, userId, factor);
        return userId;
      });
    },
  };
}
