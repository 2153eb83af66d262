// The spacing of a slowed account's sign-ins grows with its failures, and stops growing (decision 0048).
import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_PER_ACCOUNT_MAX,
  SIGN_IN_SLOW_ACCOUNT_DELAY_MS,
  SIGN_IN_SLOW_ACCOUNT_MAX_DELAY_MS,
} from '../../shared/constants.ts';
import { calculateSignInSpacing } from './sign-in-slow-down.ts';

describe('calculateSignInSpacing', () => {
  it.each([
    [0, 0],
    [SIGN_IN_PER_ACCOUNT_MAX - 1, 0],
    [SIGN_IN_PER_ACCOUNT_MAX, SIGN_IN_SLOW_ACCOUNT_DELAY_MS],
    [2 * SIGN_IN_PER_ACCOUNT_MAX - 1, SIGN_IN_SLOW_ACCOUNT_DELAY_MS],
    [2 * SIGN_IN_PER_ACCOUNT_MAX, 2 * SIGN_IN_SLOW_ACCOUNT_DELAY_MS],
    [3 * SIGN_IN_PER_ACCOUNT_MAX, 4 * SIGN_IN_SLOW_ACCOUNT_DELAY_MS],
    [100 * SIGN_IN_PER_ACCOUNT_MAX, SIGN_IN_SLOW_ACCOUNT_MAX_DELAY_MS],
    [Number.MAX_SAFE_INTEGER, SIGN_IN_SLOW_ACCOUNT_MAX_DELAY_MS],
  ])('%i failures: %i ms', (failures, spacing) => {
    expect(calculateSignInSpacing(failures)).toBe(spacing);
  });
});
