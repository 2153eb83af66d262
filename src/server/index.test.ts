// The real server process: start (removing a killed process's temporary uploads), refuse a port in use before any
// slow step, refuse a second process on the same data, and stop cleanly on SIGTERM, also with keep-alive clients
// connected and requests in flight (on PostgreSQL too when TEST_DATABASE_URL is set). Readiness is /readyz: while
// the process starts, /healthz already answers (src/server/startup/startup-server.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMultipartBody, MULTIPART_CONTENT_TYPE } from './media/media.test-helpers.ts';
import { findFreePort } from './test/free-port.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test/test-database.ts';
import { SELLER_CONTACT } from './test/product-body.ts';

const NODE = path.resolve('node_modules/.bin/node');
const SERVER = path.resolve('src/server/index.ts');
/** `npm start`'s script: binds the port, builds the client when stale, then runs SERVER. */
const START = path.resolve('scripts/start.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-process-'));
/** The servers' TMPDIR, where their upload folders go. */
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-process-tmp-'));
const uploadRoot = path.join(tmpDir, 'lootklip-uploads');

function startServer(
  port: number,
  env: Record<string, string> = {},
  script = SERVER,
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(NODE, [script], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TMPDIR: tmpDir,
      SEED_DEMO: 'false',
      // Answers must not depend on how busy the machine running the tests is.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const started: ChildProcess[] = [];
const cleanUps: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanUp of cleanUps) await cleanUp();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One keep-alive HTTP/1.1 connection spoken by hand, so the test decides when each byte leaves: a request's head
 * can go (and its `100 Continue` prove the server is handling it) while its body waits.
 */
async function openConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let wake: () => void = () => {};
  let ended = false;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  void closed.then(() => {
    ended = true;
    wake();
  });

  /** The next response on the connection (an interim 100 included), read by its Content-Length. */
  async function readResponse(): Promise<RawResponse> {
    for (;;) {
      const headEnd = buffer.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        const [statusLine, ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length >= headEnd + 4 + length) {
          const body = buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
          buffer = buffer.subarray(headEnd + 4 + length);
          return { status: Number(statusLine!.split(' ')[1]), headers, body };
        }
      }
      if (ended) throw new Error(`connection closed before a whole response came: ${buffer.toString()}`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }

  return {
    closed,
    write: (data: string | Buffer) => socket.write(data),
    readResponse,
    destroy: () => socket.destroy(),
  };
}

describe('server process', () => {
  it("removes killed processes' uploads, serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM", async () => {
    // A killed process's upload folder: its lock file is there, but nobody holds it.
    fs.mkdirSync(path.join(uploadRoot, 'killed'), { recursive: true });
    fs.writeFileSync(path.join(uploadRoot, 'killed', 'cut-off.upload'), 'part of a file');
    fs.writeFileSync(path.join(uploadRoot, 'killed.lock'), '');

    const port = await findFreePort();
    const first = startServer(port);
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(200);
    expect(first.output()).toContain('Lootklip is running at');
    expect(first.output()).toContain('ffmpeg found');
    expect(first.output()).toContain('temporary uploads of stopped processes removed');
    expect(fs.existsSync(path.join(uploadRoot, 'killed'))).toBe(false);
    expect(fs.readdirSync(uploadRoot)).toHaveLength(2); // its own folder and lock file

    const second = startServer(await findFreePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is using the data directory');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'lootklip.lock'))).toBe(false);
    expect(fs.readdirSync(uploadRoot)).toEqual([]);
  });

  it.each([
    ['the server process', SERVER],
    ['npm start', START],
  ])(
    'stops at once with the reason when the port is in use, before opening the database or seeding (%s)',
    async (_name, script) => {
      const port = await findFreePort();
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
      cleanUps.push(() => new Promise((resolve) => blocker.close(() => resolve())));
      const ownDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-port-in-use-'));
      cleanUps.push(async () => fs.rmSync(ownDataDir, { recursive: true, force: true }));
      // An empty database that would be seeded (minutes) if the start got that far.
      const server = startServer(port, { DATA_DIR: ownDataDir, SEED_DEMO: 'true' }, script);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} is already in use on 127.0.0.1`);
      expect(server.output()).not.toContain('Opening the database');
      expect(server.output()).not.toContain('Building the web client');
      expect(fs.readdirSync(ownDataDir)).toEqual([]);
    },
  );

  it('lets requests in flight on keep-alive connections finish at SIGTERM, closes idle ones, and exits 0', async () => {
    const port = await findFreePort();
    const ownDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-shutdown-'));
    let testDatabase: TestDatabase | undefined;
    if (TEST_DATABASE_URL) testDatabase = await createTestDatabase();
    cleanUps.push(async () => {
      await testDatabase?.drop();
      fs.rmSync(ownDataDir, { recursive: true, force: true });
    });
    const server = startServer(port, {
      DATA_DIR: ownDataDir,
      RATE_LIMIT_MAX: '10000',
      ...(testDatabase ? { DATABASE_URL: testDatabase.url! } : {}),
    });
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(200);
    const signUp = await fetch(`http://127.0.0.1:${port}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'closing@example.in',
        password: 'a long passphrase',
        username: 'closing',
        fullName: 'Closing Time',
      }),
    });
    expect(signUp.status).toBe(201);
    const token = ((await signUp.json()) as { data: { idToken: string } }).data.idToken;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3d405b' } })
      .png()
      .toBuffer();

    // Half the requests in flight are image uploads, half JSON creates; each on its own keep-alive connection that
    // has already served one request, as a browser's or a load balancer's would.
    const inFlight = 50;
    const bodies = Array.from({ length: inFlight }, (_, index) =>
      index % 2 === 0
        ? {
            url: '/api/v1/media/images',
            type: MULTIPART_CONTENT_TYPE,
            body: buildMultipartBody(`photo-${index}.png`, 'image/png', png),
          }
        : {
            url: '/api/v1/content',
            type: 'application/json',
            body: Buffer.from(
              JSON.stringify({
                type: 'product',
                name: `Closing product ${index}`,
                description: 'Made while the server was stopping.',
                price: 499,
                category: 'Fashion - Women',
                ...SELLER_CONTACT,
              }),
            ),
          },
    );
    const connect = async () => {
      const connection = await openConnection(port);
      connection.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect((await connection.readResponse()).status).toBe(200);
      return connection;
    };
    const busy = await Promise.all(bodies.map(() => connect()));
    const idle = await Promise.all(Array.from({ length: 10 }, () => connect()));

    // Each request's head goes with Expect: 100-continue; the server's 100 says it is handling the request, whose
    // body the test still holds back.
    await Promise.all(
      busy.map(async (connection, index) => {
        const { url, type, body } = bodies[index]!;
        connection.write(
          `POST ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: ${type}\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
        );
        expect((await connection.readResponse()).status).toBe(100);
      }),
    );

    server.child.kill('SIGTERM');
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('shutting down');
    // Idle keep-alive connections are closed by the server, not left to time out.
    await Promise.all(idle.map((connection) => connection.closed));

    busy.forEach((connection, index) => connection.write(bodies[index]!.body));
    const answers = await Promise.all(busy.map((connection) => connection.readResponse()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(inFlight).fill(201));
    expect(answers.every((answer) => (JSON.parse(answer.body) as { success: boolean }).success)).toBe(true);
    expect(answers.map((answer) => answer.headers.connection)).toEqual(Array(inFlight).fill('close'));
    await Promise.all(busy.map((connection) => connection.closed));

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('stopped cleanly');
    expect(server.output()).not.toContain('shutdown took too long');
    expect(fs.existsSync(path.join(ownDataDir, 'lootklip.lock'))).toBe(false);
  }, 180_000);
});
