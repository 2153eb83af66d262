// Registration with the live username check, the login guard's round trip, staying signed in across a reload,
// and signing out, through the real identity API, at phone and desktop sizes.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, openPage, PHONE, readLocation, useTestBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const taken = `taken.${suffix}`;
const browser = useTestBrowser();

beforeAll(async () => {
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.0.1' },
    body: JSON.stringify({
      email: `${taken}@example.in`,
      password: 'a long passphrase',
      username: taken,
      fullName: 'Taken',
    }),
  });
  expect(response.status).toBe(201);
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('identity at %s size', (name, viewport) => {
  const username = `new.${name}.${suffix}`;
  const email = `${username}@example.in`;
  const password = 'another long passphrase';

  it('registers with a live username check, lands signed in, stays signed in after a reload, signs out', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/auth/register`);
    await page.getByRole('heading', { name: 'Join Lootklip' }).waitFor();
    await page.getByLabel('Full name').fill('Kavya Rao');
    await page.getByLabel('Username').fill(taken);
    await page.getByRole('status').filter({ hasText: 'Username is already taken' }).waitFor();
    await page.getByLabel('Username').fill(username.toUpperCase());
    await page.getByRole('status').filter({ hasText: 'Username is available' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByRole('heading', { name: 'Explore Categories' }).waitFor();
    expect((await readLocation(page)).path).toBe('/');
    const signedIn =
      name === 'phone'
        ? page.getByTestId('bottom-bar').getByRole('button', { name: 'You' })
        : page.getByTestId('site-header').getByRole('button', { name: 'Account menu' });
    await signedIn.waitFor();

    await page.reload();
    await signedIn.waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

    await signedIn.click();
    await page.getByRole(name === 'phone' ? 'button' : 'menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.close();
  });

  it('sends a signed-out visitor to sign in and back to where they were', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect((await readLocation(page)).path).toBe('/auth/login?redirectTo=%2Fsettings');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/settings`);
    await page.close();
  });
});
