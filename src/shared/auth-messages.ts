// Signing up, signing in and resetting a password (docs/product.md "Auth pages"); the identity provider's error
// texts the shell shows are AUTH_ERROR_MESSAGES in shell-messages.ts.

// The sign-up page (ours: the spec names no text for it): signing up, by e-mail or an external account, accepts the
// policies, each named as its page's title and linked to it.
export const SIGN_UP_MESSAGES = {
  acceptBefore: 'By signing up, you accept our',
  terms: 'Terms of Service',
  acceptBetween: 'and',
  privacy: 'Privacy Policy',
  acceptAfter: '.',
} as const;

// Identity provider answers (docs/architecture.md "Identity"); the code travels with each in the error body.
export const AUTH_MESSAGES = {
  wrongCredentials: 'The e-mail or password is incorrect.',
  emailInUse: 'An account with this e-mail already exists. Sign in instead.',
  usernameInUse: 'This username is taken. Try another one.',
  weakPassword: 'This password is too common. Choose one that is harder to guess.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  crossSiteRequest: 'This request came from another site. Open Lootklip itself to continue.',
  usernameAvailable: 'Username is available',
  usernameTaken: 'Username is already taken',
  externalAccountExists:
    'An account with this e-mail already exists. Sign in with your password; the external account was not linked.',
  externalNoEmail: 'The sign-in provider did not share an e-mail address, so no account could be made.',
  externalCancelled: 'Sign-in was cancelled.',
  externalFailed: 'Sign-in with the external provider did not complete. Please try again.',
  externalUnreachable: 'The sign-in provider could not be reached. Please try again in a moment.',
  externalNotConfigured: 'External sign-in is not set up on this server.',
  externalDone: 'Signed in. You can close this window.',
} as const;

// Forgot password and the reset link (ours; docs/product.md "Auth pages", decision 0045). The
// request's answer is the same whether or not the e-mail has an account.
export const PASSWORD_RESET_MESSAGES = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot Password',
  forgotSubtitle: 'Enter the e-mail of your account and we will send you a link to set a new password.',
  send: 'Send Reset Link',
  sending: 'Sending...',
  requested: 'If an account exists for that e-mail, we have sent a link to reset its password.',
  requestedHint: (minutes: number) =>
    `The link works once, for ${minutes} minutes. Check your spam folder if it does not arrive.`,
  backToSignIn: 'Back to Sign In',
  remembered: 'Remembered it?',
  tagline: 'Back to your loot in a minute.',
  featureMail: { title: 'A link by e-mail', text: 'We send it to the e-mail of your account.' },
  featureOnce: (minutes: number) => ({
    title: 'Safe by design',
    text: `The link works once, for ${minutes} minutes.`,
  }),
  featureSignOut: {
    title: 'Signed out everywhere',
    text: 'A new password signs your account out on every device.',
  },
  resetTitle: 'Set a New Password',
  resetSubtitle: 'Choose the password you will sign in with from now on.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  passwordsDiffer: 'The passwords do not match.',
  save: 'Save Password',
  saving: 'Saving...',
  linkInvalid: 'This reset link has expired or was already used. Ask for a new one.',
  linkIncomplete: 'This reset link is incomplete. Open the link from the e-mail again, or ask for a new one.',
  askAgain: 'Ask for a new link',
  done: 'Your password has been reset. Sign in with your new password.',
  tooManyRequests: 'Too many reset requests. Please wait a while and try again.',
  mailSubject: 'Reset your Lootklip password',
  mailText: (link: string, minutes: number) =>
    [
      'Someone (we hope you) asked to reset the password of your Lootklip account.',
      '',
      `Open this link within ${minutes} minutes to choose a new password. It works once:`,
      link,
      '',
      'Setting a new password signs your account out on every device.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
} as const;
