// A phone page for the browser benchmarks: Debian's Chromium (headless, never a downloaded browser) at 375x812
// (device pixel ratio 2, touch, the phone client hint), a fresh context per page (its own empty cache), the CPU
// slowed 4x through CDP Emulation.setCPUThrottlingRate and, when given, a network through CDP
// Network.emulateNetworkConditions.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/ensure-chromium.ts';

export const VIEWPORT = { width: 375, height: 812 };
export const CPU_SLOWDOWN = 4;

export type NetworkConditions = {
  offline: boolean;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** `initScript` is browser code as text (the benches compile without the DOM's types), run before the page's own. */
export async function openPhonePage(
  browser: Browser,
  options: { initScript: string; throttle: boolean; network?: NetworkConditions },
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // What a phone's Chromium says of itself (Playwright's isMobile does not): the server renders the phone's
    // layout for it (decision 0080), as for a real phone.
    extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' },
    // The measuring scripts are given as text, which the app's content policy would refuse to evaluate.
    bypassCSP: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (options.throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (options.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', options.network);
  }
  await page.addInitScript({ content: options.initScript });
  return { context, page, cdp };
}
