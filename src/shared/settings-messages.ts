// The settings screen's texts: the spec's four (docs/product.md "Error texts: Settings") and our labels and hints
// for each category of docs/product.md "App settings" (decision 0070 gives the value sets, 0073 the screen).
import type { PRIVACY_AUDIENCES, THEMES, VIDEO_QUALITIES } from './constants.ts';
import { HTTP_MESSAGES } from './shell-messages.ts';

type Audience = (typeof PRIVACY_AUDIENCES)[number];

/** docs/product.md "Error texts: Settings"; apart, so that the settings readers elsewhere carry only these. */
export const SETTINGS_ERRORS = {
  loadFailed: 'Failed to load settings. Using default settings.',
  updateFailed: 'Failed to update settings',
  updated: 'Settings updated successfully',
  /** The shell's settings reader throws this one (lib/settings.ts), so it is the shell's text. */
  invalidResponse: HTTP_MESSAGES.invalidResponse,
} as const;

export const SETTINGS_MESSAGES = {
  title: 'Settings',
  subtitle: 'Changes are saved as you make them.',
  loading: 'Loading your settings…',
  saving: 'Saving…',
  /** The name of the links to the page's sections (each named by its section's title). */
  sectionsNav: 'Settings sections',

  account: {
    title: 'Account',
    hint: 'How you sign in and how buyers can call you.',
    email: 'E-mail',
    emailHint: 'The address you sign in with.',
    username: 'Username',
    editProfile: 'Edit profile',
    phone: 'Phone',
    phoneHint: 'A 10-digit Indian mobile number. It fills in your quote requests.',
    phoneSave: 'Save phone',
    phoneInvalid: 'Invalid phone number',
  },
  privacy: {
    title: 'Privacy',
    hint: 'Who sees what you share. You always see your own things.',
    whoCanSeeMyContent: 'Who can see my klips and products',
    whoCanContactMe: 'Who can contact me',
    activityVisibility: 'Show my likes and activity to others',
    activityVisibilityHint: 'When off, others do not see what you liked or commented on.',
    audiences: {
      everyone: 'Everyone',
      signedIn: 'Signed-in users',
      nobody: 'Only me',
    } satisfies Record<Audience, string>,
    contentHints: {
      everyone: 'Anyone, even without an account, sees your klips and products.',
      signedIn: 'Only people signed in to Lootklip see them.',
      nobody: 'Nobody else sees them; they stay in your dashboard.',
    } satisfies Record<Audience, string>,
    contactHints: {
      everyone: 'Anyone can use the contact buttons on your products and profile.',
      signedIn: 'Only signed-in people see your contact buttons.',
      nobody: 'Nobody sees your contact buttons; your products say you are not taking contacts.',
    } satisfies Record<Audience, string>,
  },
  notifications: {
    title: 'Notifications',
    hint: 'What we tell you about, and how.',
    emailNotifications: 'E-mail notifications',
    emailNotificationsHint: 'Likes, comments and offers ending soon, by e-mail.',
    pushNotifications: 'In-app notifications',
    pushNotificationsHint: 'Activity on your klips in the notifications list.',
    marketingEmails: 'Marketing e-mails',
    marketingEmailsHint: 'News about Lootklip and its deals.',
  },
  appearance: {
    title: 'Appearance',
    hint: 'How Lootklip looks on this device, and the time zone your times are shown in.',
    theme: 'Theme',
    themeHint: 'Kept on this device.',
    themes: { light: 'Light', dark: 'Dark', system: 'System' } satisfies Record<
      (typeof THEMES)[number],
      string
    >,
    language: 'Language',
    languageValue: 'English',
    languageNote: 'Hindi comes once its translation is ready.',
    timezone: 'Time zone',
    timezoneHint: 'Offer end dates, countdowns and comment times are shown in this zone.',
    timezoneInvalid: 'Choose a time zone from the list, such as Asia/Kolkata.',
    timezoneSave: 'Save time zone',
    deviceZoneButton: (zone: string) => `Use this device's time zone (${zone})`,
  },
  content: {
    title: 'Content',
    hint: 'How klips play.',
    autoplay: 'Autoplay klips',
    autoplayHint: 'Klips start playing, muted, when they come on screen.',
    autoplayReduced: 'Off while Reduce motion is on.',
    quality: 'Video quality',
    qualities: {
      auto: 'Auto',
      high: 'High (720p)',
      dataSaver: 'Data saver (480p)',
    } satisfies Record<(typeof VIDEO_QUALITIES)[number], string>,
    qualityHints: {
      auto: 'Picks by screen size and connection.',
      high: 'Sharper klips, more data.',
      dataSaver: 'Uses the least data.',
    } satisfies Record<(typeof VIDEO_QUALITIES)[number], string>,
  },
  accessibility: {
    title: 'Accessibility',
    hint: 'These apply on every page, on this device too before you sign in again.',
    reduceMotion: 'Reduce motion',
    reduceMotionHint: 'No sliding, fading or smooth scrolling, and klips do not play by themselves.',
    highContrast: 'High contrast',
    highContrastHint: 'Darker text and lines, and stronger focus rings.',
  },
} as const;
