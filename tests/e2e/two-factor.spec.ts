// Two-factor sign-in end to end (decision 0075): on a 375 px phone a seller turns it on from Settings, reading the
// key off the page and computing the code with the same library an authenticator app uses, keeps the recovery
// codes, signs out and back in with a code; at 1280 px the same account signs in with a recovery code and opens
// the turn-off form. Every new screen is checked by axe-core and photographed.
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '../../src/shared/two-factor-messages.ts';
import { findViolations } from './support/axe.ts';
import { createSeller, createTestApi } from './support/api.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.19.75.1');
const browser = useTestBrowser();
const username = `twofactor.${suffix}`;
const email = `${username}@example.in`;
const PASSWORD = 'a long passphrase';

/** The code an app shows half a minute from now: after the step of a code taken now (setup's first code). */
const nextCode = (key: string) =>
  new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() + 30_000 });

async function signInWithPassword(page: Page) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

let manualKey = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  await createSeller(api, { username, fullName: 'Two Factor' });
});

describe('two-factor sign-in', () => {
  it('on a phone: turns on from Settings, signs out, and signs back in with a code', async () => {
    const page = await openPage(browser, PHONE);
    await signInWithPassword(page);
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'You' }).waitFor();
    await page.goto(`${baseUrl}/settings`);
    const section = page.getByRole('region', { name: TWO_FACTOR_MESSAGES.title });
    await section.getByText(TWO_FACTOR_MESSAGES.statusOff).waitFor();
    await section.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOn }).click();

    await section.getByRole('img', { name: TWO_FACTOR_MESSAGES.qrAlt }).waitFor();
    manualKey = (await section.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
    expect(manualKey).toMatch(/^[A-Z2-7]{32}$/);
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'two-factor-setup-375');
    expect(await findViolations(page)).toEqual([]);

    // A wrong code first: refused in the form's error style, nothing turned on.
    const code = new TOTP({ secret: Secret.fromBase32(manualKey) }).generate();
    await section.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill(code === '000000' ? '111111' : '000000');
    await section.getByRole('button', { name: TWO_FACTOR_MESSAGES.confirm }).click();
    await section.getByRole('alert').filter({ hasText: TWO_FACTOR_MESSAGES.wrongCode }).waitFor();
    await section.getByLabel(TWO_FACTOR_MESSAGES.codeLabel).fill(code);
    await section.getByRole('button', { name: TWO_FACTOR_MESSAGES.confirm }).click();

    await section.getByRole('heading', { name: TWO_FACTOR_MESSAGES.recoveryTitle }).waitFor();
    recoveryCodes = (await section.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts()).map(
      (text) => text.trim(),
    );
    expect(recoveryCodes).toHaveLength(10);
    await section.getByRole('button', { name: TWO_FACTOR_MESSAGES.downloadCodes }).waitFor();
    await saveScreenshot(page, 'two-factor-recovery-375');
    expect(await findViolations(page)).toEqual([]);
    await section.getByRole('button', { name: TWO_FACTOR_MESSAGES.recoveryDone }).click();
    await section.getByText(TWO_FACTOR_MESSAGES.turnedOn).waitFor();

    // The tab bar hides while the page is scrolled down (docs/product.md "Layout and navigation"): scrolling up
    // brings it back.
    await page.mouse.wheel(0, -100_000);
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'You' }).click();
    await page.getByRole('dialog', { name: 'You' }).getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

    // The password alone: the code step, and still signed out.
    await signInWithPassword(page);
    const codeField = page.getByLabel(TWO_FACTOR_MESSAGES.codeLabel);
    await codeField.waitFor();
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await page.getByTestId('bottom-bar').getByRole('button', { name: 'You' }).count()).toBe(0);
    await saveScreenshot(page, 'two-factor-sign-in-375');
    expect(await findViolations(page)).toEqual([]);

    await codeField.fill(nextCode(manualKey));
    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }).click();
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'You' }).waitFor();
    expect((await readLocation(page)).path).toBe('/');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('at 1280 px: signs in with a recovery code (once), and asks for the password and a code to turn off', async () => {
    const page = await openPage(browser, DESKTOP);
    await signInWithPassword(page);
    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.useRecoveryCode }).click();
    const recoveryField = page.getByLabel(TWO_FACTOR_MESSAGES.recoveryCodeLabel);
    await recoveryField.waitFor();
    await saveScreenshot(page, 'two-factor-sign-in-recovery-1280');
    expect(await findViolations(page)).toEqual([]);
    await recoveryField.fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }).click();
    await page.getByTestId('site-header').getByRole('button', { name: 'Account menu' }).waitFor();

    await page.goto(`${baseUrl}/settings`);
    const section = page.getByRole('region', { name: TWO_FACTOR_MESSAGES.title });
    await section.getByText(TWO_FACTOR_MESSAGES.statusOn).waitFor();
    await section.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOff }).click();
    await section.getByLabel(TWO_FACTOR_MESSAGES.passwordLabel, { exact: true }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'two-factor-turn-off-1280');
    expect(await findViolations(page)).toEqual([]);
    // The used recovery code is refused.
    await section.getByLabel(TWO_FACTOR_MESSAGES.passwordLabel, { exact: true }).fill(PASSWORD);
    await section.getByLabel(TWO_FACTOR_MESSAGES.codeOrRecoveryLabel).fill(recoveryCodes[0]!);
    await section.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOff }).click();
    await section.getByRole('alert').filter({ hasText: TWO_FACTOR_MESSAGES.wrongCode }).waitFor();
    await section.getByLabel(TWO_FACTOR_MESSAGES.codeOrRecoveryLabel).fill(recoveryCodes[1]!);
    await section.getByRole('button', { name: TWO_FACTOR_MESSAGES.turnOff }).click();
    await section.getByText(TWO_FACTOR_MESSAGES.turnedOff).waitFor();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
