// The add's failure texts (docs/product.md "Error texts: Loot Box and cart"), chosen by what went wrong.
import { describe, expect, it } from 'vitest';
import { CartError } from '../../../shared/domain/cart.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { getAddErrorMessage } from './cart-provider.tsx';

describe('getAddErrorMessage', () => {
  it('says Network error when no answer came', () => {
    expect(getAddErrorMessage(new ApiError(0, 'Network error - Please check your connection'))).toBe(
      LOOTBOX_MESSAGES.networkError,
    );
  });

  it('gives the server’s own message', () => {
    expect(getAddErrorMessage(new ApiError(400, 'No product p-9'))).toBe('Error: No product p-9');
  });

  it('says Unable to add product to Loot Box for an answer without a message', () => {
    expect(getAddErrorMessage(new ApiError(500, ''))).toBe(LOOTBOX_MESSAGES.unableToAdd);
  });

  it('says Failed to add to Loot Box for anything else (a full Loot Box)', () => {
    expect(getAddErrorMessage(new CartError('full', 'full'))).toBe(LOOTBOX_MESSAGES.addFailed);
  });
});
