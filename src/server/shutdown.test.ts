// SIGTERM under load (decision 0055): keep-alive clients creating products in loops, slow uploads whose bodies are
// still arriving, and connections opened after the signal all get an HTTP answer (no reset, no hang-up), /readyz
// says not ready during the drain, and every create answered 2xx is in the database after the process exits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../shared/server-messages.ts';
import { openDatabase } from './db/database.ts';
import { buildMultipartBody, MULTIPART_CONTENT_TYPE } from './media/media.test-helpers.ts';
import { findFreePort } from './test/free-port.ts';
import { SELLER_CONTACT } from './test/product-body.ts';

const NODE = path.resolve('node_modules/.bin/node');
const SERVER = path.resolve('src/server/index.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-sigterm-'));
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-sigterm-tmp-'));
const LOOPS = 40;
const SLOW_UPLOADS = 10;
const AFTER_SIGNAL = 10;

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function send(
  port: number,
  agent: http.Agent,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, agent, method, path: url, headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection, body: text }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** An upload on its own connection whose body trickles in `pieces` parts, `everyMs` apart: the raw answer. */
function slowUpload(
  port: number,
  head: string,
  body: Buffer,
  pieces: number,
  everyMs: number,
): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    let failure = '';
    // Settled at once: a reset is a result the test reports, not an unhandled rejection.
    socket.on('error', (error) => (failure = `slow upload: ${error.message}`));
    socket.on('close', () => resolve(failure || answer));
    socket.once('connect', async () => {
      socket.write(head);
      const size = Math.ceil(body.length / pieces);
      for (let offset = 0; offset < body.length; offset += size) {
        await new Promise((wait) => setTimeout(wait, everyMs));
        if (socket.destroyed) return;
        socket.write(body.subarray(offset, offset + size));
      }
    });
  });
}

it('answers every request it took after SIGTERM, and keeps every create it acknowledged', async () => {
  const port = await findFreePort();
  const child = spawn(NODE, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TMPDIR: tmpDir,
      SEED_DEMO: 'false',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
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
        email: 'sigterm@example.in',
        password: 'a long passphrase',
        username: 'sigterm',
        fullName: 'Sig Term',
      }),
    });
    expect(signUp.status).toBe(201);
    const token = ((await signUp.json()) as { data: { idToken: string } }).data.idToken;
    const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let created = 0;
    const createBody = () =>
      JSON.stringify({
        type: 'product',
        name: `Made at closing ${(created += 1)}`,
        price: 499,
        category: 'Home',
        ...SELLER_CONTACT,
      });

    const acknowledged: string[] = [];
    const failures: string[] = [];
    const answered: number[] = [];
    // Each loop is a client without an Idempotency-Key on one keep-alive connection; it stops when the server asks
    // it to close its connection (a lame duck's answers do), as a client then goes to another instance.
    const loops = Array.from({ length: LOOPS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (;;) {
          const body = createBody();
          const answer = await send(port, agent, 'POST', '/api/v1/content', json, body);
          answered.push(answer.status);
          if (answer.status === 201) acknowledged.push((JSON.parse(body) as { name: string }).name);
          if (answer.connection === 'close') return;
        }
      } catch (error) {
        failures.push(`create loop: ${(error as Error).message}`);
      } finally {
        agent.destroy();
      }
    });
    await expect.poll(() => answered.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(LOOPS * 2);

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#81b29a' } })
      .png()
      .toBuffer();
    const upload = buildMultipartBody('closing.png', 'image/png', png);
    const uploadHead =
      `POST /api/v1/media/images HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${MULTIPART_CONTENT_TYPE}\r\nContent-Length: ${upload.length}\r\n\r\n`;
    // About 1.5 s of trickling each: their bodies are still arriving when the signal comes.
    const uploads = Array.from({ length: SLOW_UPLOADS }, () => slowUpload(port, uploadHead, upload, 6, 250));

    child.kill('SIGTERM');
    await expect.poll(() => output, { timeout: 10_000, interval: 10 }).toContain('shutting down');
    // Connections opened after the signal, as a load balancer's are until it sees /readyz fail.
    const afterSignal = Array.from({ length: AFTER_SIGNAL }, async (_, index) => {
      const agent = new http.Agent({ keepAlive: true });
      try {
        if (index % 2 === 0) {
          const ready = await send(port, agent, 'GET', '/readyz');
          expect(ready.status).toBe(503);
          expect(JSON.parse(ready.body)).toEqual({ success: false, message: SERVER_MESSAGES.shuttingDown });
          expect(ready.connection).toBe('close');
        } else {
          const body = createBody();
          const answer = await send(port, agent, 'POST', '/api/v1/content', json, body);
          expect(answer.status).toBe(201);
          expect(answer.connection).toBe('close');
          acknowledged.push((JSON.parse(body) as { name: string }).name);
        }
      } catch (error) {
        failures.push(`after the signal: ${(error as Error).message}`);
      } finally {
        agent.destroy();
      }
    });
    await Promise.all([...loops, ...afterSignal]);
    const uploadAnswers = await Promise.all(uploads);

    expect(failures).toEqual([]);
    expect(uploadAnswers.map((answer) => answer.split('\r\n')[0])).toEqual(
      Array(SLOW_UPLOADS).fill('HTTP/1.1 201 Created'),
    );
    expect(await exited).toBe(0);
    expect(output).toContain('stopped cleanly');

    const database = await openDatabase({ dataDir });
    try {
      const stored = await database.db.selectFrom('products').select('name').execute();
      const names = new Set(stored.map((row) => row.name));
      expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
    } finally {
      await database.close();
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}, 60_000);
