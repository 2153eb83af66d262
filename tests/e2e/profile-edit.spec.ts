// Profile editing (decision 0074) in a real browser against the real server: a seller on a 375 px phone opens
// 'Edit profile' on their own creator page, changes their avatar (crop step, upload progress), bio and WhatsApp
// number, and sees them on their creator page; after a username change the old link redirects to the new one.
// axe at 375 and 1280 px; screenshots in test-results/screenshots (profile-*.png).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PROFILE_MESSAGES as M } from '../../src/shared/profile-messages.ts';
import { findViolations } from './support/axe.ts';
import {
  DESKTOP,
  E2E_USER,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const browser = useTestBrowser();
const NEW_USERNAME = `${E2E_USER.username}.studio`;

const scrollTo = (target: ReturnType<Page['locator']>) =>
  target.evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));

describe('profile editing', () => {
  it('on a 375 px phone: avatar (crop, progress), bio and WhatsApp show on the creator page', async () => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    await page.goto(`${baseUrl}/shopstar/${E2E_USER.username}`);
    await page.getByRole('heading', { level: 1, name: E2E_USER.fullName }).waitFor();
    await page.getByRole('link', { name: M.editProfile }).click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).hash)
      .toBe('/settings#profile');
    const section = page.getByRole('region', { name: M.sectionTitle });
    await section.getByLabel(M.bioLabel).waitFor();
    expect(await findViolations(page)).toEqual([]);

    // The avatar: pick, crop (moved with the keyboard, zoomed), upload on a slow line so the progress shows.
    await section
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await createPng(900, 600, '#0f766e') });
    const crop = page.getByRole('dialog', { name: M.cropAvatarTitle });
    const frame = crop.getByRole('group', { name: M.cropAvatarTitle });
    await frame.waitFor();
    await crop.getByRole('button', { name: M.useImage }).waitFor();
    await expect.poll(() => crop.getByRole('button', { name: M.useImage }).isEnabled()).toBe(true);
    await frame.focus();
    await page.keyboard.press('ArrowLeft');
    await crop.getByLabel(M.zoomLabel).fill('1.5');
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'profile-375-crop');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 1_000_000,
      uploadThroughput: 8_000,
    });
    await crop.getByRole('button', { name: M.useImage }).click();
    const progress = section.getByRole('progressbar', { name: /^Uploading \d+%$/ });
    await progress.waitFor();
    await saveScreenshot(page, 'profile-375-uploading');
    await section.getByText(M.photoUpdated).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The header's avatar is the new photo too, without a reload.
    await expect.poll(() => page.locator('header img').count()).toBeGreaterThan(0);

    // Bio and WhatsApp; a bad number first is refused with the spec's text.
    await section
      .getByLabel(M.bioLabel)
      .fill('Hand-thrown pottery from Pune. Studio: https://example.in/studio');
    await section.getByText('https://example.in/studio').first().waitFor();
    await section.getByLabel(M.whatsappLabel).fill('12345');
    await section.getByRole('button', { name: M.save }).click();
    await section.getByText('Invalid WhatsApp number').waitFor();
    expect(
      await section.getByLabel(M.whatsappLabel).evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await section.getByLabel(M.whatsappLabel).fill('+91 98450 12345');
    await section.getByRole('button', { name: M.save }).click();
    await section.getByText(M.saved).waitFor();
    await scrollTo(section);
    await saveScreenshot(page, 'profile-375-settings');
    expect(await findViolations(page)).toEqual([]);

    await section.getByRole('link', { name: `@${E2E_USER.username}` }).click();
    await page.getByRole('heading', { level: 1, name: E2E_USER.fullName }).waitFor();
    await page.getByRole('link', { name: 'https://example.in/studio' }).waitFor();
    const whatsapp = page.getByRole('link', { name: `${M.whatsappLabel}: +91 98450 12345` });
    expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/919845012345');
    expect(await page.locator('main img[src*="/media/"]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'profile-375-creator');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('on a 1280 px desktop: a username change keeps the old link working (301 to the new one)', async () => {
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    await page.goto(`${baseUrl}/settings#profile`);
    const section = page.getByRole('region', { name: M.sectionTitle });
    const username = section.getByLabel(M.usernameLabel);
    await username.waitFor();
    expect(await findViolations(page)).toEqual([]);

    // The cover: a 3:1 crop of a tall picture.
    await section.getByTestId('cover-file').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await createPng(800, 1000, '#1d4ed8'),
    });
    const crop = page.getByRole('dialog', { name: M.cropCoverTitle });
    await expect.poll(() => crop.getByRole('button', { name: M.useImage }).isEnabled()).toBe(true);
    await crop.getByRole('group', { name: M.cropCoverTitle }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'profile-1280-crop-cover');
    await crop.getByRole('button', { name: M.useImage }).click();
    await section.getByText(M.coverUpdated).waitFor({ timeout: 30_000 });
    await section.getByRole('img', { name: M.coverLabel }).waitFor();

    await username.fill('ab');
    await section.getByRole('button', { name: M.save }).click();
    await section.getByText(M.usernameTooShort).waitFor();
    await username.fill(NEW_USERNAME);
    await section.getByText('Username is available').waitFor();
    await scrollTo(section);
    await saveScreenshot(page, 'profile-1280-settings');
    await section.getByRole('button', { name: M.save }).click();
    await section.getByText(M.saved).waitFor();
    await section.getByRole('link', { name: `@${NEW_USERNAME}` }).waitFor();

    const old = await fetch(`${baseUrl}/shopstar/${E2E_USER.username}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/shopstar/${NEW_USERNAME}`);
    await page.goto(`${baseUrl}/shopstar/${E2E_USER.username}`);
    await page.getByRole('heading', { level: 1, name: E2E_USER.fullName }).waitFor();
    expect((await readLocation(page)).path).toBe(`/shopstar/${NEW_USERNAME}`);
    await page.getByText(`@${NEW_USERNAME}`).first().waitFor();
    expect(await page.locator('main img[src*="/media/"]').count()).toBeGreaterThan(0);
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'profile-1280-creator');

    // Readable in the dark theme too.
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.getByRole('link', { name: M.editProfile }).click();
    await page.getByRole('region', { name: M.sectionTitle }).getByLabel(M.bioLabel).waitFor();
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'profile-1280-settings-dark');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
