// The app settings' defaults (docs/product.md "App settings": used when loading fails). Apart from their schemas
// (contracts/settings.ts), so that a page that only needs the defaults does not carry the schema library.
import type { AppSettings } from '../contracts/settings.ts';

export const DEFAULT_SETTINGS: AppSettings = {
  account: { email: '', username: '', phone: '', twoFactorAuth: false },
  privacy: { whoCanSeeMyContent: 'everyone', whoCanContactMe: 'everyone', activityVisibility: true },
  notifications: {
    emailNotifications: true,
    pushNotifications: true,
    marketingEmails: false,
    likes: true,
    comments: true,
    replies: true,
    offerEndings: true,
  },
  appearance: { language: 'en', timezone: 'UTC' },
  content: { autoplay: true, quality: 'auto' },
  accessibility: { reduceMotion: false, highContrast: false },
};
