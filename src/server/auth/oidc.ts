// The external OpenID Connect provider (docs/architecture.md "Identity"), through openid-client: authorization code
// flow with PKCE (S256), state and nonce. The three travel between /oidc/start and /oidc/callback in a short-lived
// HttpOnly cookie, MAC-signed with a secret derived from our signing key, so any instance can finish what another
// started and a callback in a browser that did not start the sign-in is refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { AUTH_API_PATH } from '../../shared/contracts/auth.ts';
import { OIDC_TRANSACTION_TTL_SECONDS } from '../../shared/constants.ts';
import type { Config } from '../config.ts';

const SCOPE = 'openid email profile';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Who the provider says signed in. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  name: string | undefined;
  preferredUsername: string | undefined;
}

export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface Oidc {
  label: string;
  redirectUri: string;
  /** The provider's authorization URL and the transaction to keep until the callback. */
  start(): Promise<{ url: string; transaction: OidcTransaction }>;
  /** Checks the callback (state, code with PKCE, ID token with nonce) and answers who signed in. */
  finish(callbackUrl: URL, transaction: OidcTransaction): Promise<OidcIdentity>;
}

/** Null when no external provider is configured. */
export function createOidc(config: Config): Oidc | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = config;
  if (!issuer || !clientId) return null;
  const issuerUrl = new URL(issuer);
  // Plain HTTP only for a provider on this machine, or outside production (a provider in docker compose).
  const allowHttp =
    issuerUrl.protocol === 'http:' && (!config.isProduction || LOOPBACK_HOSTS.has(issuerUrl.hostname));
  const redirectUri = new URL(`${AUTH_API_PATH}/oidc/callback`, config.publicUrl).toString();

  let discovered: Promise<client.Configuration> | undefined;
  function discover(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuerUrl,
        clientId!,
        secret ? { client_secret: secret } : undefined,
        secret ? client.ClientSecretBasic(secret) : client.None(),
        { execute: allowHttp ? [client.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((error: unknown) => {
        // Not cached: the next sign-in tries again.
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    label: config.OIDC_LABEL,
    redirectUri,
    async start() {
      const configuration = await discover();
      const transaction: OidcTransaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      });
      return { url: url.href, transaction };
    },
    async finish(callbackUrl, transaction) {
      const configuration = await discover();
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const idTokenClaims = tokens.claims()!;
      // Providers often put the profile claims only in the UserInfo answer (for the same subject).
      const claims =
        idTokenClaims.email === undefined
          ? {
              ...(await client.fetchUserInfo(configuration, tokens.access_token, idTokenClaims.sub)),
              ...idTokenClaims,
            }
          : idTokenClaims;
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
      return {
        issuer: idTokenClaims.iss,
        subject: idTokenClaims.sub,
        // An address the provider says it has not verified is not used: it could be anyone's.
        email: claims.email_verified === false ? undefined : text(claims.email)?.toLowerCase(),
        name: text(claims.name),
        preferredUsername: text(claims.preferred_username),
      };
    },
  };
}

/** The transaction as a cookie value: payload and MAC, valid for OIDC_TRANSACTION_TTL_SECONDS. */
export function sealTransaction(secret: Buffer, transaction: OidcTransaction, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ ...transaction, expiresAt: now + OIDC_TRANSACTION_TTL_SECONDS * 1000 }),
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

/** The transaction of a cookie value, or null when it was changed, is malformed or has expired. */
export function openTransaction(
  secret: Buffer,
  value: string | undefined,
  now = Date.now(),
): OidcTransaction | null {
  const [payload, mac, extra] = (value ?? '').split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<
      OidcTransaction & { expiresAt: number }
    >;
    const { state, nonce, codeVerifier, expiresAt } = parsed;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string')
      return null;
    if (typeof expiresAt !== 'number' || expiresAt <= now) return null;
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}
