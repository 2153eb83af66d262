// When the Loot Box is saved (docs/product.md "Cart (Loot Box) persistence": 1 s after the last change; decision
// 0062): a debounce, then the save as a TanStack Query mutation (cart-save.ts, the merge on a 409 its retry), one
// at a time (a change during a save is saved after it), again after a pause when other saves kept landing first,
// and held while a Clear is under way.
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { CART_AUTOSAVE_DEBOUNCE_MS, CART_SAVE_RETRY_MS } from '../../../shared/constants.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { saveWithMerge, type SaveOutcome } from './cart-save.ts';
import type { CartSession } from './cart-session.ts';
import { isRefusal } from './cart-state.ts';

export interface CartSaver {
  /** A change: saved once no other change has come for the debounce. */
  schedule(): void;
  /** A Clear starts: nothing is sent until `release`, and this resolves once the save under way is done. */
  hold(): Promise<void>;
  /** The Clear is done: a save is scheduled when `save` says so, told whether one was asked for meanwhile. */
  release(save: (askedMeanwhile: boolean) => boolean): void;
  /** Resolves once no save is waiting or under way. */
  whenIdle(): Promise<void>;
  dispose(): void;
}

export function createCartSaver(
  queryClient: QueryClient,
  session: CartSession,
  onSaveRefused?: (message: string) => void,
): CartSaver {
  const mutation = new MutationObserver<SaveOutcome, unknown, void>(queryClient, {
    mutationKey: ['lootbox', 'save', session.uid],
    mutationFn: () => saveWithMerge(session),
    // The merge and the sends again are saveWithMerge's own: the library's retries would wait while the page is
    // hidden, and a background tab's item would not reach the server (decision 0062).
    retry: false,
    // Offline, a save fails at once and is tried again on `online`, as before; never paused by the library.
    networkMode: 'always',
    // Each save leaves the cache once settled (reset below), not after a timer.
    gcTime: Number.POSITIVE_INFINITY,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let saveAgain = false;
  let held = false;
  let saveAfterRelease = false;
  let idleWaiters: (() => void)[] = [];

  function settleIdle(): void {
    if (timer !== undefined || running) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function retryLater(): void {
    if (session.disposed || timer !== undefined) return;
    timer = setTimeout(run, CART_SAVE_RETRY_MS);
  }

  function onSettled(): void {
    running = null;
    mutation.reset();
    if (saveAgain && !session.disposed) {
      saveAgain = false;
      run();
    }
    settleIdle();
  }

  function run(): void {
    timer = undefined;
    if (held) {
      saveAfterRelease = true;
      return;
    }
    if (running) {
      saveAgain = true;
      return;
    }
    running = mutation
      .mutate()
      .then(
        (outcome) => {
          // Other saves kept landing first: no toast; tried again after a pause, or sooner with the next change.
          if (outcome === 'outpaced') retryLater();
        },
        (error: unknown) => {
          // The stored copy holds the change either way; a refusal that will not go away by itself is said.
          if (!session.disposed && isRefusal(error)) {
            onSaveRefused?.(LOOTBOX_MESSAGES.serverError(error.message));
          }
        },
      )
      .finally(onSettled);
  }

  function schedule(): void {
    if (session.disposed) return;
    if (held) {
      // Saved once the Clear is done, on top of it.
      saveAfterRelease = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(run, CART_AUTOSAVE_DEBOUNCE_MS);
  }

  return {
    schedule,
    async hold(): Promise<void> {
      held = true;
      clearTimeout(timer);
      timer = undefined;
      // A save under way finishes first (and one it starts again), so the Clear is the last word.
      while (running) await running;
    },
    release(save: (askedMeanwhile: boolean) => boolean): void {
      held = false;
      const asked = saveAfterRelease;
      saveAfterRelease = false;
      if (save(asked)) schedule();
      settleIdle();
    },
    whenIdle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    dispose(): void {
      clearTimeout(timer);
      timer = undefined;
      settleIdle();
    },
  };
}
