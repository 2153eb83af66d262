// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider has no types; every tsconfig importing this file needs them
/// <reference path="./oidc-provider.d.ts" />
// A real OpenID Connect provider (oidc-provider) on a free loopback port, for the external sign-in tests. Its
// development interactions accept any login name and password: the login name becomes the subject, and the
// e-mail claim is the login name itself when it looks like an address, else `<login>@oidc.test`.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** The e-mail the test provider reports for a login name. */
export const testOidcEmailFor = (login: string): string =>
  login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@oidc.test`;

export async function startTestOidcProvider(options: { redirectUris: string[] }): Promise<TestOidcProvider> {
  let handle: (request: http.IncomingMessage, response: http.ServerResponse) => void = (
    _request,
    response,
  ) => {
    response.writeHead(503).end();
  };
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'lootklip-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(24).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: true } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: testOidcEmailFor(sub),
        email_verified: true,
        name: sub,
        preferred_username: sub.split('@')[0],
      }),
    }),
  });
  handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
