import { describe, expect, it } from 'vitest';
import { ADD_TO_LOOT_MESSAGES } from './add-to-loot-messages.ts';
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from './auth-messages.ts';
import { LOOTBOX_MESSAGES } from './lootbox-messages.ts';
import { SETTINGS_ERRORS } from './settings-messages.ts';
import { AUTH_ERROR_MESSAGES, CART_MESSAGES, HTTP_MESSAGES } from './shell-messages.ts';
import { TWO_FACTOR_MESSAGES } from './two-factor-messages.ts';

describe('the texts that two messages modules name', () => {
  it('are the same words in both', () => {
    expect(AUTH_ERROR_MESSAGES['auth/invalid-action-code']).toBe(PASSWORD_RESET_MESSAGES.linkInvalid);
    expect(AUTH_ERROR_MESSAGES['auth/cross-site-request']).toBe(AUTH_MESSAGES.crossSiteRequest);
    expect(AUTH_ERROR_MESSAGES['auth/invalid-verification-code']).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(AUTH_ERROR_MESSAGES['auth/code-expired']).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect(SETTINGS_ERRORS.invalidResponse).toBe(HTTP_MESSAGES.invalidResponse);
    for (const [key, text] of Object.entries(CART_MESSAGES)) {
      expect(LOOTBOX_MESSAGES[key as keyof typeof CART_MESSAGES]).toBe(text);
    }
    for (const [key, text] of Object.entries(ADD_TO_LOOT_MESSAGES)) {
      expect(LOOTBOX_MESSAGES[key as keyof typeof ADD_TO_LOOT_MESSAGES]).toBe(text);
    }
  });
});
