// Registration with the live username check, the login guard's round trip (with a wrong password first), staying
// signed in across a reload and across token expiry, and signing out, through the real identity API, at phone and
// desktop sizes.
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
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'The e-mail or password is incorrect.' }).waitFor();
    expect(await page.getByText('Unauthorized - Please login again').count()).toBe(0);

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.close();
  });

  it('stays signed in across token expiry: refreshed before it runs out, the new token is the one sent', async () => {
    const page = await openPage(browser, viewport, { signedIn: true });
    await page.clock.install();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Explore Categories' }).waitFor();

    // The 15-minute token is refreshed 5 minutes before it expires, and again from the new one.
    const readToken = async () => {
      const response = await page.waitForResponse((answer) => answer.url().endsWith('/api/v1/auth/refresh'));
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: { idToken: string } }).data.idToken;
    };
    let refreshed = readToken();
    await page.clock.runFor(10 * 60_000);
    await refreshed;
    refreshed = readToken();
    await page.clock.runFor(10 * 60_000);
    const token = await refreshed;

    // 20 minutes on: the first token has expired; an API call carries the latest one.
    const call = page.waitForRequest((request) => request.url().includes('/api/v1/search?'));
    if (name === 'phone') await page.getByRole('button', { name: 'Search' }).click();
    await page.getByPlaceholder('Search Lootklip...').filter({ visible: true }).fill('kurta');
    await page.keyboard.press('Enter');
    expect((await call).headers().authorization).toBe(`Bearer ${token}`);
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await page.close();
  });
});

describe('several tabs', () => {
  it('opened at once all stay signed in (one refresh at a time), and signing out in one signs out the others', async () => {
    const first = await openPage(browser, DESKTOP, { signedIn: true });
    const second = await browser.context.newPage();
    await second.setViewportSize(DESKTOP);
    // The first refresh is held on its way out until the other tab has asked for one too: waiting for the lock
    // (a pending Web Lock), or past it (a second refresh here). So without the lock both tabs' requests would
    // reach the server with the same cookie, and one would be refused.
    let refreshes = 0;
    let onSecondRefresh = () => {};
    const secondRefresh = new Promise<void>((resolve) => (onSecondRefresh = resolve));
    await browser.context.route('**/api/v1/auth/refresh', async (route) => {
      refreshes += 1;
      if (refreshes === 1) {
        const lockAsked = route
          .request()
          .frame()
          .page()
          .waitForFunction(async () => (await navigator.locks.query()).pending!.length > 0, undefined, {
            polling: 50,
          });
        // The loser of the race is left to end with its page.
        await Promise.race([
          secondRefresh,
          lockAsked.then(
            () => undefined,
            () => undefined,
          ),
        ]);
      } else {
        onSecondRefresh();
      }
      await route.continue();
    });
    await Promise.all([first.goto(`${baseUrl}/dashboard`), second.goto(`${baseUrl}/dashboard`)]);
    for (const page of [first, second]) {
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    }
    // After both refreshes, and letting a held one finish: removed mid-wait, its continue() would find the
    // request already sent on.
    await browser.context.unrouteAll({ behavior: 'wait' });

    await first.bringToFront();
    await first.getByTestId('site-header').getByRole('button', { name: 'Account menu' }).click();
    await first.getByRole('menuitem', { name: 'Sign out' }).click();
    await first.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await second.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect((await readLocation(second)).path).toBe('/auth/login?redirectTo=%2Fdashboard');
    await Promise.all([first.close(), second.close()]);
  });
});
