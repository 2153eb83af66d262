// The page a browser gets while Lootklip starts (docs/product.md "First start"), in a real browser at phone and
// desktop size: the step and its count in a polite live region, updated as the start goes on, and the page that
// was asked for once the app has the port.
import http from 'node:http';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { listenStartupServer, type StartupServer } from '../../src/server/startup/startup-server.ts';
import { STARTUP_MESSAGES } from '../../src/server/startup/startup-messages.ts';
import { findFreePort } from '../../src/server/test/free-port.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';

const browser = useTestBrowser();
const HOST = '127.0.0.1';
let startup: StartupServer | undefined;
let app: http.Server | undefined;

afterEach(async () => {
  await startup?.close();
  if (app) {
    const closed = new Promise((resolve) => app!.close(resolve));
    // The browser's idle keep-alive and preconnected sockets would keep close() waiting.
    app.closeAllConnections();
    await closed;
  }
  startup = undefined;
  app = undefined;
});

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('starting page at %s size', (name, viewport) => {
  it('shows the step and its progress, follows the start, and becomes the asked-for page when ready', async () => {
    startup = await listenStartupServer({ port: await findFreePort(), host: HOST });
    const url = `http://${HOST}:${startup.port}`;
    startup.report({ step: 'Seeding demo marketplace: 40/63 products', done: 40, total: 63 });

    const page = await openPage(browser, viewport);
    const response = await page.goto(`${url}/shop?category=Books`);
    expect(response?.status()).toBe(503);
    await expect(page.title()).resolves.toBe(STARTUP_MESSAGES.pageTitle);
    await page.getByRole('heading', { level: 1, name: STARTUP_MESSAGES.heading }).waitFor();
    const status = page.getByRole('status');
    expect(await status.textContent()).toBe('Seeding demo marketplace: 40/63 products');
    expect(await status.getAttribute('aria-live')).toBeNull(); // role=status is polite by itself
    const bar = page.getByRole('progressbar', { name: STARTUP_MESSAGES.progressLabel });
    const barValue = () =>
      bar.evaluate((element) => [
        (element as HTMLProgressElement).value,
        (element as HTMLProgressElement).max,
      ]);
    expect(await barValue()).toEqual([40, 63]);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `${name}-starting`);

    // The page asks /readyz, and shows each new step without a reload.
    startup.report({ step: 'Seeding demo marketplace: 41/63 products', done: 41, total: 63 });
    await page.getByRole('status').filter({ hasText: '41/63 products' }).waitFor();
    expect(await barValue()).toEqual([41, 63]);

    // The app takes the port: the page loads what was asked for, with its query.
    const port = startup.port;
    await startup.close();
    app = http.createServer((request, reply) => {
      if (request.url === '/readyz') {
        reply.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"status":"ready"}');
      } else {
        reply
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<title>App</title><h1>${request.url}</h1>`);
      }
    });
    await new Promise<void>((resolve) => app!.listen(port, HOST, resolve));
    await page.getByRole('heading', { level: 1, name: '/shop?category=Books' }).waitFor();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
