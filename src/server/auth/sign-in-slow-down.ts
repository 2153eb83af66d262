// How far apart a slowed account's sign-ins are spaced (decision 0048): not at all below SIGN_IN_PER_ACCOUNT_MAX
// failures in the window, then SIGN_IN_SLOW_ACCOUNT_DELAY_MS, doubled for every further SIGN_IN_PER_ACCOUNT_MAX.
import {
  SIGN_IN_PER_ACCOUNT_MAX,
  SIGN_IN_SLOW_ACCOUNT_DELAY_MS,
  SIGN_IN_SLOW_ACCOUNT_MAX_DELAY_MS,
} from '../../shared/constants.ts';

/** Milliseconds between two sign-ins to an account with this many failures in the window; 0: not slowed. */
export function calculateSignInSpacing(failures: number): number {
  if (failures < SIGN_IN_PER_ACCOUNT_MAX) return 0;
  const doublings = Math.floor((failures - SIGN_IN_PER_ACCOUNT_MAX) / SIGN_IN_PER_ACCOUNT_MAX);
  return Math.min(
    SIGN_IN_SLOW_ACCOUNT_MAX_DELAY_MS,
    SIGN_IN_SLOW_ACCOUNT_DELAY_MS * 2 ** Math.min(doublings, 30),
  );
}
