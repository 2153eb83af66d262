// The texts of account deletion (docs/decisions/0076-account-deletion.md): the settings screen's danger zone and
// the server's refusals. docs/product.md gives none, so these are ours.
export const ACCOUNT_MESSAGES = {
  sectionTitle: 'Delete account',
  sectionHint:
    'Deleting your account removes your profile, products, klips, offers, comments and likes for good. It cannot be undone.',
  openButton: 'Delete account',
  dialogTitle: 'Delete your account?',
  dialogBody:
    'Your profile, products, klips, offers, comments and likes, your Loot Boxes and your settings go at once, with the photos and videos you uploaded. Shoppers who saved your products see them as no longer available.',
  passwordLabel: 'Your password',
  usernameLabel: (username: string) => `Type your username (${username}) to confirm`,
  keepButton: 'Keep my account',
  confirmButton: 'Delete my account',
  pendingButton: 'Deleting...',
  deleted: 'Your account has been deleted.',
  wrongPassword: 'The password is incorrect.',
  wrongUsername: 'That is not your username.',
  confirmRequired: 'Enter your password to confirm.',
  usernameRequired: 'Type your username to confirm.',
  pendingCheck: 'Loading...',
  loadFailed: 'Could not check how to confirm. Please try again.',
} as const;
