// Token rules without HTTP: what verify() accepts, every tampering it refuses, and where the key lives.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_TOKEN_TTL_SECONDS } from '../../shared/constants.ts';
import { createIdTokens, ID_TOKEN_AUDIENCE, type IdTokens } from './id-tokens.ts';

const ISSUER = 'https://lootklip.example';
let dataDir: string;
let tokens: IdTokens;
let privateJwk: JWK;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-keys-'));
  tokens = await createIdTokens({ dataDir, publicUrl: ISSUER, AUTH_SIGNING_KEY: undefined });
  privateJwk = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'keys', 'id-token-signing-key.jwk'), 'utf8'),
  ) as JWK;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('ID tokens', () => {
  it('signs a 15-minute EdDSA JWT with kid and typ that verifies to its user and session', async () => {
    const { token, expiresIn } = await tokens.sign('user-1', 'session-1');
    expect(expiresIn).toBe(ID_TOKEN_TTL_SECONDS);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'EdDSA', kid: tokens.jwks.keys[0]!.kid, typ: 'JWT' });
    expect(payload).toMatchObject({ sub: 'user-1', sid: 'session-1', iss: ISSUER, aud: ID_TOKEN_AUDIENCE });
    expect(payload.exp - payload.iat).toBe(ID_TOKEN_TTL_SECONDS);
    expect(await tokens.verify(token)).toEqual({
      userId: 'user-1',
      sessionId: 'session-1',
      issuedAt: payload.iat,
    });
  });

  it('publishes only the public key', () => {
    const [key] = tokens.jwks.keys;
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(key).not.toHaveProperty('d');
    expect(tokens.jwks.keys).toHaveLength(1);
  });

  it('refuses every tampered token', async () => {
    const kid = tokens.jwks.keys[0]!.kid!;
    const key = await importJWK({ ...privateJwk, alg: 'EdDSA' }, 'EdDSA');
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: 'user-1',
      sid: 'session-1',
      iss: ISSUER,
      aud: ID_TOKEN_AUDIENCE,
      iat: now,
      exp: now + 600,
    };
    const sign = (header: Record<string, unknown>, payload: Record<string, unknown> = claims) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT', ...header }).sign(key);
    const good = await sign({});
    expect(await tokens.verify(good)).not.toBeNull();

    const stranger = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const strangerJwk = await exportJWK(stranger.publicKey);
    const publicKeyBytes = new TextEncoder().encode(JSON.stringify(tokens.jwks.keys[0]));
    const tampered: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(claims)}.`,
      'HS256 with the public key as secret': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
        .sign(publicKeyBytes),
      'HS256 with the raw public key bytes': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
        .sign(Buffer.from(tokens.jwks.keys[0]!.x!, 'base64url')),
      'wrong kid': await sign({ kid: 'not-our-key' }),
      'no kid': await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' }).sign(key),
      'wrong issuer': await sign({}, { ...claims, iss: 'https://evil.example' }),
      'wrong audience': await sign({}, { ...claims, aud: 'another-app' }),
      'wrong type': await sign({ typ: 'at+jwt' }),
      'no type': await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid }).sign(key),
      expired: await sign({}, { ...claims, iat: now - 3600, exp: now - 1800 }),
      'not yet valid': await sign({}, { ...claims, nbf: now + 3600 }),
      'no subject': await sign({}, { ...claims, sub: undefined }),
      'no session': await sign({}, { ...claims, sid: undefined }),
      'session not a string': await sign({}, { ...claims, sid: 7 }),
      'jku header': await sign({ jku: 'https://evil.example/jwks.json' }),
      'jwk header with our key': await sign({ jwk: tokens.jwks.keys[0] }),
      'signed by another key, named in jwk': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT', jwk: strangerJwk })
        .sign(stranger.privateKey),
      'signed by another key': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' })
        .sign(stranger.privateKey),
      'changed payload': `${good.split('.')[0]}.${b64({ ...claims, sub: 'user-2' })}.${good.split('.')[2]}`,
      'changed signature': `${good.slice(0, -4)}AAAA`,
      garbage: 'not.a.token',
    };
    for (const [name, token] of Object.entries(tampered)) expect(await tokens.verify(token), name).toBeNull();
  });

  it('keeps its key in DATA_DIR across restarts, or takes it from AUTH_SIGNING_KEY', async () => {
    const { token } = await tokens.sign('user-1', 'session-1');
    const restarted = await createIdTokens({ dataDir, publicUrl: ISSUER, AUTH_SIGNING_KEY: undefined });
    expect(restarted.jwks).toEqual(tokens.jwks);
    expect(await restarted.verify(token)).not.toBeNull();

    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-keys-'));
    try {
      const fromEnv = await createIdTokens({
        dataDir: otherDir,
        publicUrl: ISSUER,
        AUTH_SIGNING_KEY: JSON.stringify(privateJwk),
      });
      expect(await fromEnv.verify(token)).not.toBeNull();
      expect(fs.existsSync(path.join(otherDir, 'keys'))).toBe(false);
      const fresh = await createIdTokens({
        dataDir: otherDir,
        publicUrl: ISSUER,
        AUTH_SIGNING_KEY: undefined,
      });
      expect(await fresh.verify(token)).toBeNull();
      expect(fs.statSync(path.join(otherDir, 'keys', 'id-token-signing-key.jwk')).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('derives a different secret per purpose, the same on every instance', async () => {
    const restarted = await createIdTokens({ dataDir, publicUrl: ISSUER, AUTH_SIGNING_KEY: undefined });
    expect(tokens.deriveSecret('a')).toHaveLength(32);
    expect(tokens.deriveSecret('a').equals(restarted.deriveSecret('a'))).toBe(true);
    expect(tokens.deriveSecret('a').equals(tokens.deriveSecret('b'))).toBe(false);
  });
});
