// The add buttons' shared flow (docs/product.md "Error texts: Loot Box and cart"): busy while adding, the success
// said only to a signed-in shopper, a failure said in its own words.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { AuthProvider } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import { createTestAuthStore } from '../../test/render-app.tsx';
import { useAddToLoot } from './use-add-to-loot.ts';

function renderAddToLoot(signedIn: boolean) {
  const store = createTestAuthStore({ signedIn });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthProvider store={store}>{children}</AuthProvider>
  );
  return renderHook(() => useAddToLoot(), { wrapper });
}

afterEach(() => vi.restoreAllMocks());

describe('useAddToLoot', () => {
  it('is busy until the add is done, then says its success', async () => {
    const success = vi.spyOn(toast, 'success');
    const { result } = renderAddToLoot(true);
    let finish!: (text: string) => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current.run(() => new Promise((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish(LOOTBOX_MESSAGES.added);
      await running;
    });
    expect(result.current.busy).toBe(false);
    expect(success).toHaveBeenCalledWith(LOOTBOX_MESSAGES.added);
  });

  it('says nothing of a success while signed out (the add waits for sign-in)', async () => {
    const success = vi.spyOn(toast, 'success');
    const { result } = renderAddToLoot(false);
    await act(() => result.current.run(() => Promise.resolve(LOOTBOX_MESSAGES.added)));
    expect(success).not.toHaveBeenCalled();
  });

  it('says a failure in its own words, or the general text for something that is not an error', async () => {
    const error = vi.spyOn(toast, 'error');
    const { result } = renderAddToLoot(true);
    await act(() => result.current.run(() => Promise.reject(new Error('Network error'))));
    await act(() => result.current.run(() => Promise.reject(new Error(''))));
    await act(() => result.current.run(() => Promise.reject('odd')));
    expect(error.mock.calls).toEqual([['Network error'], [''], [LOOTBOX_MESSAGES.addFailed]]);
    expect(result.current.busy).toBe(false);
  });
});
