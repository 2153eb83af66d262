// ID tokens (docs/architecture.md "Identity"): 15-minute EdDSA JWTs with a key id, naming their session in `sid` (the
// refresh-token family they were issued for), so that ending the session ends them too. Verification pins the
// algorithm, issuer, audience and type, and refuses tokens that name their own key (jwk, jku, x5u): the key
// always comes from us.
// The signing key lives in DATA_DIR/keys (created on first start) or comes from AUTH_SIGNING_KEY (a private JWK).
import { createHash, hkdfSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTHeaderParameters,
} from 'jose';
import { ID_TOKEN_TTL_SECONDS } from '../../shared/constants.ts';
import type { Config } from '../config.ts';

const ALGORITHM = 'EdDSA';
const TOKEN_TYPE = 'JWT';
export const ID_TOKEN_AUDIENCE = 'lootklip';
const KEY_FILE = 'id-token-signing-key.jwk';

export interface IdTokenClaims {
  userId: string;
  /** The session (refresh-token family) the token was issued for. */
  sessionId: string;
  /** Issued-at, in seconds since the epoch. */
  issuedAt: number;
}

export interface IdTokens {
  issuer: string;
  /** `notBefore` (ms): the token's issued-at is at least this, so a session begun right after "end all" survives it. */
  sign(userId: string, sessionId: string, notBefore?: Date): Promise<{ token: string; expiresIn: number }>;
  /** The token's claims, or null for any token we did not issue as it is. */
  verify(token: string): Promise<IdTokenClaims | null>;
  /** The public keys, for /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  /** A 32-byte secret for one purpose (such as a cookie MAC), derived from the private key: same on every instance. */
  deriveSecret(purpose: string): Buffer;
}

async function loadPrivateJwk(config: Pick<Config, 'AUTH_SIGNING_KEY' | 'dataDir'>): Promise<JWK> {
  if (config.AUTH_SIGNING_KEY) return JSON.parse(config.AUTH_SIGNING_KEY) as JWK;
  const file = path.join(config.dataDir, 'keys', KEY_FILE);
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as JWK;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // wx: two processes starting together cannot both write; the loser reads the winner's key.
  try {
    await fs.writeFile(file, JSON.stringify(jwk), { flag: 'wx', mode: 0o600 });
    return jwk;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await fs.readFile(file, 'utf8')) as JWK;
  }
}

export async function createIdTokens(
  config: Pick<Config, 'AUTH_SIGNING_KEY' | 'dataDir' | 'publicUrl'>,
): Promise<IdTokens> {
  const privateJwk = await loadPrivateJwk(config);
  const { d: _private, ...publicJwk } = privateJwk;
  const kid = createHash('sha256')
    .update(JSON.stringify([publicJwk.crv, publicJwk.x]))
    .digest('base64url')
    .slice(0, 16);
  const privateKey = (await importJWK({ ...privateJwk, alg: ALGORITHM }, ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK({ ...publicJwk, alg: ALGORITHM }, ALGORITHM)) as CryptoKey;
  const issuer = config.publicUrl;

  function selectKey(header: JWTHeaderParameters): CryptoKey {
    if (header.jwk || header.jku || header.x5u || header.x5c) throw new Error('token names its own key');
    if (header.kid !== kid) throw new Error('unknown key id');
    return publicKey;
  }

  return {
    issuer,
    jwks: { keys: [{ ...publicJwk, kid, alg: ALGORITHM, use: 'sig' }] },
    deriveSecret: (purpose) =>
      Buffer.from(
        hkdfSync('sha256', Buffer.from(privateJwk.d ?? '', 'base64url'), kid, `lootklip ${purpose}`, 32),
      ),
    async sign(userId, sessionId, notBefore) {
      const issuedAt = Math.max(
        Math.floor(Date.now() / 1000),
        notBefore ? Math.ceil(notBefore.getTime() / 1000) : 0,
      );
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, kid, typ: TOKEN_TYPE })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(ID_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ID_TOKEN_TTL_SECONDS)
        .sign(privateKey);
      return { token, expiresIn: ID_TOKEN_TTL_SECONDS };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, selectKey, {
          algorithms: [ALGORITHM],
          issuer,
          audience: ID_TOKEN_AUDIENCE,
          typ: TOKEN_TYPE,
          requiredClaims: ['sub', 'sid', 'iat', 'exp'],
        });
        if (typeof payload.sid !== 'string') return null;
        return { userId: payload.sub!, sessionId: payload.sid, issuedAt: payload.iat! };
      } catch {
        return null;
      }
    },
  };
}
