// Browser tests run against the real thing: the built client served by the real server on a free port, with a
// fresh data directory. The client is rebuilt only when a source is newer than the build.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
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

const ROOT = path.resolve(import.meta.dirname, '../../..');
// Generous: the embedded database starts in seconds on an idle machine, and in about a minute on a loaded one.
const START_DEADLINE_MS = 120_000;
const POLL_INTERVAL_MS = 100;
const STOP_DEADLINE_MS = 10_000;

/**
 * Ready is /readyz answering 200: the port answers from the process's first moment, /healthz included, while the
 * database migrates (src/server/startup/startup-server.ts).
 */
async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`the server was not ready (/readyz) within ${START_DEADLINE_MS} ms:\n${output()}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_DEADLINE_MS);
  await exited;
  clearTimeout(timer);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildClientIfStale({ quiet: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-e2e-'));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  // A real OpenID provider on loopback, for the external sign-in popup.
  const oidc = await startTestOidcProvider({ redirectUris: [`${url}/api/v1/auth/oidc/callback`] });
  let log = '';
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), ['src/server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // As behind one proxy: tests sign in from distinct forwarded addresses (support/browser.ts).
      TRUST_PROXY_HOPS: '1',
      PUBLIC_URL: url,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_LABEL: E2E_OIDC_LABEL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  try {
    await waitForReady(url, child, () => log);
  } catch (error) {
    await stopServer(child);
    await oidc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', url);
  project.provide('dataDir', dataDir);

  return async () => {
    await stopServer(child);
    await oidc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
