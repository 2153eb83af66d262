// Signing in with the external OpenID Connect provider: a real provider on loopback (support/global-setup.ts),
// the 500 x 600 popup, its login and consent pages, and the session that follows in the opener.
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, openPage, PHONE, readLocation, useTestBrowser } from './support/browser.ts';
import { E2E_OIDC_LABEL } from './support/global-setup.ts';

const baseUrl = inject('baseUrl');
const browser = useTestBrowser();

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('external sign-in at %s size', (name, viewport) => {
  it('signs in through the provider popup and lands signed in', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/auth/login`);
    const button = page.getByRole('button', { name: `Continue with ${E2E_OIDC_LABEL}` });
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await popup.locator('input[name="login"]').fill(`oidc.${name}.${Math.random().toString(36).slice(2, 7)}`);
    await popup.locator('input[name="password"]').fill('anything');
    await popup.locator('button[type="submit"]').click();
    // The provider asks for consent for a new account; after that the popup reports back and closes itself.
    const closed = popup.waitForEvent('close');
    const consentPage = popup
      .locator('input[name="prompt"][value="consent"]')
      .waitFor({ state: 'attached' })
      .then(
        () => true,
        () => false,
      );
    if (await Promise.race([consentPage, closed.then(() => false)])) {
      await popup.locator('button[type="submit"]').click();
    }
    await closed;
    await page.getByRole('heading', { name: 'Explore Categories' }).waitFor();
    expect((await readLocation(page)).path).toBe('/');
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await page.close();
  });
});
