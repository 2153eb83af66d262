// An add to the Loot Box from a button: busy while it runs, then the toast (docs/product.md "Error texts: Loot Box
// and cart"). Signed out, the cart sends the visitor to sign in and adds afterwards, so no success is said then.
import { useState } from 'react';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { useAuth } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';

export interface AddToLoot {
  busy: boolean;
  /** Runs `add`, which resolves with the success text; a failure's text is its message. */
  run(add: () => Promise<string>): Promise<void>;
}

export function useAddToLoot(): AddToLoot {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);

  async function run(add: () => Promise<string>): Promise<void> {
    setBusy(true);
    try {
      const success = await add();
      if (user) toast.success(success);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : LOOTBOX_MESSAGES.addFailed);
    } finally {
      setBusy(false);
    }
  }

  return { busy, run };
}
