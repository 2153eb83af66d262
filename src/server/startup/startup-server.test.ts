// The starting server on a real port: what a browser, a program and a probe get while Lootklip starts, a port in
// use refused with its reason, and the port handed over (decision 0051).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS } from '../../shared/constants.ts';
import { findFreePort } from '../test/free-port.ts';
import { STARTUP_MESSAGES } from './startup-messages.ts';
import { listenStartupServer, StartupListenError, type StartupServer } from './startup-server.ts';

const HOST = '127.0.0.1';
const opened: StartupServer[] = [];
const blockers: net.Server[] = [];

afterEach(async () => {
  for (const server of opened.splice(0)) await server.close();
  for (const blocker of blockers.splice(0)) await new Promise((resolve) => blocker.close(resolve));
});

async function start() {
  const server = await listenStartupServer({ port: await findFreePort(), host: HOST });
  opened.push(server);
  return { server, url: `http://${HOST}:${server.port}` };
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('starting server', () => {
  it('answers probes: alive at once, not ready, with the step it is on and when to ask again', async () => {
    const { server, url } = await start();
    server.report({ step: 'Seeding demo marketplace: 40/63 products', done: 40, total: 63 });

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ success: true, status: 'starting' });

    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({
      success: false,
      message: STARTUP_MESSAGES.notReady('Seeding demo marketplace: 40/63 products'),
      progress: { step: 'Seeding demo marketplace: 40/63 products', done: 40, total: 63 },
    });
  });

  it('answers API, media and non-GET requests 503 with Retry-After and a JSON message naming the step', async () => {
    const { server, url } = await start();
    server.report({ step: STARTUP_MESSAGES.openingDatabase });
    const answers = await Promise.all([
      fetch(`${url}/api/v1/content?type=product`),
      fetch(`${url}/api/v1/auth/sign-in`, { method: 'POST', body: '{}' }),
      fetch(`${url}/media/some-image.webp`),
      fetch(`${url}/assets/index-abc.js`),
      fetch(`${url}/shop`, { method: 'DELETE' }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(await answer.json()).toMatchObject({
        success: false,
        message: STARTUP_MESSAGES.notReady(STARTUP_MESSAGES.openingDatabase),
      });
    }
  });

  it('serves any page as the self-contained starting page with the progress, in a polite live region', async () => {
    const { server, url } = await start();
    server.report({ step: 'Seeding demo marketplace: 3/8 Shop Stars', done: 3, total: 8 });
    const page = await fetch(`${url}/product/01ABC?ref=share`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain(`<h1>${STARTUP_MESSAGES.heading}</h1>`);
    expect(html).toContain('<p id="status" role="status">Seeding demo marketplace: 3/8 Shop Stars</p>');
    expect(html).toContain('max="8" value="3"');
    // Nothing from elsewhere: no file of the client build, no external address.
    expect(html).not.toMatch(/\s(src|href)="(?!data:)/);
    // The CSP allows exactly the page's own inline style and script, by their hashes.
    const csp = page.headers.get('content-security-policy')!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(csp).toContain(`style-src ${hashOf(style)}`);
    expect(csp).toContain(`script-src ${hashOf(script)}`);
    expect(csp).toContain("default-src 'none'");
    // Each step's page shows that step: the text is escaped, the count left out when nothing is counted.
    server.report({ step: 'Building <the> web client' });
    const next = await (await fetch(`${url}/`)).text();
    expect(next).toContain('<p id="status" role="status">Building &lt;the&gt; web client</p>');
    expect(next).toContain('<progress id="bar" aria-label="Progress"></progress>');
  });

  it('closes every connection it answered, and frees the port on close for the app to take', async () => {
    const { server, url } = await start();
    const answer = await fetch(`${url}/healthz`);
    expect(answer.headers.get('connection')).toBe('close');
    await server.close();
    const app = net.createServer();
    blockers.push(app);
    await new Promise<void>((resolve, reject) => {
      app.once('error', reject);
      app.listen(server.port, HOST, resolve);
    });
  });

  it('refuses a port in use at once, saying which port and what to do', async () => {
    const blocker = net.createServer();
    blockers.push(blocker);
    const port = await findFreePort();
    await new Promise<void>((resolve) => blocker.listen(port, HOST, resolve));
    const refused = await listenStartupServer({ port, host: HOST }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StartupListenError);
    expect((refused as StartupListenError).code).toBe('EADDRINUSE');
    expect((refused as Error).message).toBe(STARTUP_MESSAGES.portInUse(HOST, port));
    expect((refused as Error).message).toContain(`Port ${port} is already in use`);
  });

  it("ends the process saying the port is in use when the app's own listen fails after the handover", async () => {
    const blocker = net.createServer();
    blockers.push(blocker);
    const port = await findFreePort();
    await new Promise<void>((resolve) => blocker.listen(port, HOST, resolve));
    // A process whose listen meets the port taken in the gap, as index.ts's app.listen would.
    const script = `
      import net from 'node:net';
      import { exitOnListenError } from ${JSON.stringify(path.resolve('src/server/startup/startup-server.ts'))};
      const server = net.createServer();
      server.once('error', (error) => exitOnListenError(error, { port: ${port}, host: '${HOST}' }));
      server.listen(${port}, '${HOST}');`;
    const ended = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        path.resolve('node_modules/.bin/node'),
        ['--input-type=module', '-e', script],
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(ended.code).toBe(1);
    expect(ended.stderr.trim()).toBe(STARTUP_MESSAGES.portInUse(HOST, port));
  });
});
