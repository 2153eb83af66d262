// Forgot password end to end (decision 0045): from 'Forgot password?' on a phone, through the mail
// the real server wrote to its outbox (no SMTP_URL), to signing in with the new password, while the old password
// and the sessions from before no longer work. The two new pages are photographed at 375 and 1280 px.
import path from 'node:path';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '../../src/shared/auth-messages.ts';
import { findResetLink, readOutbox } from '../../src/server/test/outbox.ts';
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
const outboxDir = path.join(inject('dataDir'), 'outbox');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.19.45.1');
const browser = useTestBrowser();

const OLD_PASSWORD = 'a long passphrase';
const NEW_PASSWORD = 'my new reset passphrase';

/** The link of the newest mail to the address, once the server (which mails after answering) has written it. */
function waitForResetLink(email: string, after: number): Promise<string> {
  return vi.waitFor(
    () => {
      const mails = readOutbox(outboxDir).filter((mail) => mail.to === email);
      if (mails.length <= after) throw new Error(`no reset mail to ${email} in ${outboxDir} yet`);
      return findResetLink(mails.at(-1)!.text);
    },
    { timeout: 15_000, interval: 50 },
  );
}

describe('forgot password', () => {
  const username = `reset.${suffix}`;
  const email = `${username}@example.in`;
  let oldToken: string;

  beforeAll(async () => {
    ({ token: oldToken } = await createSeller(api, { username, fullName: 'Reset Me' }));
  });

  it('on a phone: asks for a link, follows it from the outbox, sets a new password and signs in with it', async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.getByRole('link', { name: PASSWORD_RESET_MESSAGES.forgotLink }).click();
    await page.getByRole('heading', { name: PASSWORD_RESET_MESSAGES.forgotTitle }).waitFor();
    expect((await readLocation(page)).path).toBe('/auth/forgot-password');
    await saveScreenshot(page, 'forgot-password-375');

    const mailsBefore = readOutbox(outboxDir).filter((mail) => mail.to === email).length;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: PASSWORD_RESET_MESSAGES.send }).click();
    await page.getByRole('status').filter({ hasText: PASSWORD_RESET_MESSAGES.requested }).waitFor();
    await saveScreenshot(page, 'forgot-password-sent-375');

    const link = await waitForResetLink(email, mailsBefore);
    expect(link.startsWith(`${baseUrl}/auth/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: PASSWORD_RESET_MESSAGES.resetTitle }).waitFor();
    await saveScreenshot(page, 'reset-password-375');
    await page.getByLabel(PASSWORD_RESET_MESSAGES.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(PASSWORD_RESET_MESSAGES.confirmPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: PASSWORD_RESET_MESSAGES.save }).click();

    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect((await readLocation(page)).path).toBe('/auth/login');
    await page.getByText(PASSWORD_RESET_MESSAGES.done).waitFor();
    await saveScreenshot(page, 'reset-password-done-375');

    // The session the account had before the reset has ended.
    const ended = await fetch(`${baseUrl}/api/v1/auth/sign-out-everywhere`, {
      method: 'POST',
      headers: { authorization: `Bearer ${oldToken}`, 'x-forwarded-for': '198.19.45.2' },
    });
    expect(ended.status).toBe(401);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(OLD_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'The e-mail or password is incorrect.' }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'You' }).waitFor();
    expect((await readLocation(page)).path).toBe('/');

    // The link worked once: opened again, it is refused.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel(PASSWORD_RESET_MESSAGES.newPassword, { exact: true }).fill('a third passphrase');
    await page
      .getByLabel(PASSWORD_RESET_MESSAGES.confirmPassword, { exact: true })
      .fill('a third passphrase');
    await page.getByRole('button', { name: PASSWORD_RESET_MESSAGES.save }).click();
    await page.getByRole('alert').filter({ hasText: PASSWORD_RESET_MESSAGES.linkInvalid }).waitFor();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('at 1280 px: both pages, with the same confirmation for an e-mail without an account', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/auth/forgot-password`);
    await page.getByRole('heading', { name: PASSWORD_RESET_MESSAGES.forgotTitle }).waitFor();
    await saveScreenshot(page, 'forgot-password-1280');
    await page.getByLabel('Email').fill(`nobody.${suffix}@example.in`);
    await page.getByRole('button', { name: PASSWORD_RESET_MESSAGES.send }).click();
    await page.getByRole('status').filter({ hasText: PASSWORD_RESET_MESSAGES.requested }).waitFor();
    await saveScreenshot(page, 'forgot-password-sent-1280');

    await page.goto(`${baseUrl}/auth/reset-password?token=not-a-real-token`);
    await page.getByRole('heading', { name: PASSWORD_RESET_MESSAGES.resetTitle }).waitFor();
    await saveScreenshot(page, 'reset-password-1280');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
