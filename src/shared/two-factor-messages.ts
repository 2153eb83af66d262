// Two-factor sign-in texts (ours: docs/product.md "Auth" does not name them; decision 0075). Errors follow the
// sign-in error style: one sentence saying what happened and what to do.
export const TWO_FACTOR_MESSAGES = {
  wrongCode:
    'That code is not right or was already used. Try the current code from your authenticator app, or an unused recovery code.',
  /** A recovery code typed in a shape it cannot have (checked before sending). */
  recoveryCodeShape: 'Enter a recovery code as it was shown: ten letters and digits.',
  challengeExpired: 'Signing in took too long. Enter your e-mail and password again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notPending: 'Start turning on two-factor sign-in again: the setup has ended.',
  notOn: 'Two-factor sign-in is not on.',
  wrongPassword: 'That password is not right.',
  noPassword:
    'Set a password first (Forgot password? on the sign-in page), then turn two-factor sign-in off.',
  useSetup:
    'turn two-factor sign-in on or off in its own section of Settings, with a code from your authenticator',
  // The screens.
  title: 'Two-factor sign-in',
  description: 'Ask for a code from an authenticator app after your password when you sign in.',
  statusOn: 'On: signing in asks for a code from your authenticator app.',
  statusOff: 'Off: your password alone signs you in.',
  turnOn: 'Turn on two-factor sign-in',
  turnOff: 'Turn off two-factor sign-in',
  scanQr: 'Scan this QR code with your authenticator app, or enter the key by hand.',
  qrAlt: 'QR code for your authenticator app',
  manualKey: 'Key',
  copyKey: 'Copy key',
  copied: 'Copied',
  codeLabel: 'Code from your authenticator app',
  codeHint: 'The six digits your app shows now.',
  confirm: 'Confirm and turn on',
  cancel: 'Cancel',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
  recoveryTitle: 'Your recovery codes',
  recoveryHelp:
    'Each code signs you in once if you lose your authenticator. Keep them somewhere safe: they are shown only now.',
  copyCodes: 'Copy codes',
  downloadCodes: 'Download codes',
  recoveryDone: 'I have saved my codes',
  passwordLabel: 'Password',
  codeOrRecoveryLabel: 'Code from your app, or a recovery code',
  signInStepTitle: 'Enter your sign-in code',
  signInStepHelp: 'Open your authenticator app and enter the code it shows for Lootklip.',
  recoveryStepHelp: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.',
  recoveryCodeLabel: 'Recovery code',
  useRecoveryCode: 'Use a recovery code',
  useAuthenticatorCode: 'Use a code from your app',
  verify: 'Verify',
  verifying: 'Verifying...',
  backToSignIn: 'Back to Sign In',
  loadFailed: 'Could not load your two-factor sign-in status. Try again.',
  externalOnlyNote:
    'Signing in with the external provider does not ask for a code: the provider checks you itself.',
} as const;
