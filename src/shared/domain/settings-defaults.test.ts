import { describe, expect, it } from 'vitest';
import { AppSettingsSchema, SETTINGS_CATEGORIES } from '../contracts/settings.ts';
import { DEFAULT_SETTINGS } from './settings-defaults.ts';

describe('DEFAULT_SETTINGS', () => {
  it('are valid settings with every field of every category, and nothing more', () => {
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual(Object.keys(SETTINGS_CATEGORIES).sort());
    for (const [category, schema] of Object.entries(SETTINGS_CATEGORIES)) {
      const values = DEFAULT_SETTINGS[category as keyof typeof DEFAULT_SETTINGS];
      expect(schema.strict().safeParse(values).success, category).toBe(true);
    }
    expect(AppSettingsSchema.strict().parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it("are the defaults of docs/product.md 'App settings'", () => {
    expect(DEFAULT_SETTINGS.account.twoFactorAuth).toBe(false);
    expect(DEFAULT_SETTINGS.privacy).toEqual({
      whoCanSeeMyContent: 'everyone',
      whoCanContactMe: 'everyone',
      activityVisibility: true,
    });
    expect(DEFAULT_SETTINGS.notifications).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      marketingEmails: false,
      likes: true,
      comments: true,
      replies: true,
      offerEndings: true,
    });
    expect(DEFAULT_SETTINGS.appearance).toEqual({ language: 'en', timezone: 'UTC' });
    expect(DEFAULT_SETTINGS.content).toEqual({ autoplay: true, quality: 'auto' });
    expect(DEFAULT_SETTINGS.accessibility).toEqual({ reduceMotion: false, highContrast: false });
  });

  it('leave the account empty until it is loaded, so no one else’s details show', () => {
    expect(DEFAULT_SETTINGS.account).toEqual({ email: '', username: '', phone: '', twoFactorAuth: false });
  });
});
