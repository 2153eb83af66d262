// Browser tests run against the real thing: the built client served by the real server on a free port, with a
// fresh data directory. The client is rebuilt only when a source is newer than the build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAppProcess } from '../../../scripts/app-process.ts';
import { buildClientIfStale } from '../../../scripts/build-client.ts';
import { findFreePort } from '../../../src/server/test/free-port.ts';
import { startTestOidcProvider } from '../../../src/server/test/oidc-test-provider.ts';

/** The external provider's button label in browser tests. */
export const E2E_OIDC_LABEL = 'Test ID';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: its outbox/ holds the mails it sent (no SMTP_URL in browser tests). */
    dataDir: string;
  }
}

// Generous: the embedded database starts in seconds on an idle machine, and in about a minute on a loaded one.
const START_DEADLINE_MS = 120_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildClientIfStale({ quiet: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-e2e-'));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  // A real OpenID provider on loopback, for the external sign-in popup.
  const oidc = await startTestOidcProvider({ redirectUris: [`${url}/api/v1/auth/oidc/callback`] });
  const server = startAppProcess('src/server/index.ts', {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // As behind one proxy: tests sign in from distinct forwarded addresses (support/browser.ts).
      TRUST_PROXY_HOPS: '1',
      // The browser's own requests all come from the one loopback address, and a fast run of the suite asks more
      // than the per-address budget of a minute (a page then waits out a 429): the limit is the API tests' to check.
      RATE_LIMIT_MAX: '1000000',
      PUBLIC_URL: url,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_LABEL: E2E_OIDC_LABEL,
    },
  });

  try {
    await server.waitForReady(url, START_DEADLINE_MS);
  } catch (error) {
    await server.stop();
    await oidc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', url);
  project.provide('dataDir', dataDir);

  return async () => {
    await server.stop();
    await oidc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
