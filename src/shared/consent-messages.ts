// Cookie consent (docs/product.md "Cookie consent banner", "Cookie consent"): the button names are the spec's; the
// rest is ours (the spec gives no other text).
export const CONSENT_MESSAGES = {
  bannerLabel: 'Cookie consent',
  bannerText:
    'We use cookies and local storage to run Lootklip. With your consent we also measure visits on our own server to improve the app.',
  acceptAll: 'Accept All',
  necessaryOnly: 'Necessary Only',
  settings: 'Cookie settings',
  dialogTitle: 'Cookie preferences',
  dialogIntro: 'Choose what Lootklip may use. You can change this any time from the footer or Settings.',
  savePreferences: 'Save Preferences',
  reset: 'Reset',
  alwaysOn: 'Always on',
  /** The footer's entry is written there, like its other links; this copy is for tests. */
  footerLink: 'Cookie preferences',
  settingsSection: 'Privacy',
  settingsButton: 'Cookie preferences',
  settingsHint: 'What Lootklip may store and measure on this device.',
  categories: {
    necessary: {
      name: 'Necessary',
      description: 'Sign-in, your Loot Box and security. Needed for the site to work.',
    },
    functional: {
      name: 'Functional',
      description: 'Remembers choices that make pages work the way you left them.',
    },
    analytics: {
      name: 'Analytics',
      description: 'Counts visits, views and taps on our own server, never shared.',
    },
    marketing: {
      name: 'Marketing',
      description: 'Measures which shared links bring visitors. We run no ad tracking.',
    },
    preferences: { name: 'Preferences', description: 'Keeps your display and content preferences.' },
  },
} as const;
