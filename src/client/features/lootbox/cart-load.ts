// The Loot Box's first read (docs/product.md "Cart (Loot Box) persistence", decision 0038): the first active
// lootbox, with the edits stored here but never saved merged into it; else the stored copy, as far as the lootbox
// it was based on still stands.
import type { Lootbox } from '../../../shared/contracts/lootbox.ts';
import { EMPTY_CART, type Cart } from '../../../shared/domain/cart.ts';
import { findActiveLootbox, readLootbox } from './cart-remote.ts';
import { mergeInto, type CartSession } from './cart-session.ts';
import { adoptLootbox, endedAt, forgetLootbox, sameCart, withBaseEnded } from './cart-state.ts';
import { readStoredCart, readStoredOffers, type StoredCart } from './cart-storage.ts';

/**
 * Reads the server's copy and the stored one into `session.state` (ready) and commits it. Resolves true when edits
 * the server does not have yet are to be saved.
 */
export async function loadCart(session: CartSession): Promise<boolean> {
  const local = readStoredCart(session.uid);
  session.state = { ...session.state, offers: readStoredOffers(session.uid) };
  let server: Lootbox | null = null;
  let loaded = false;
  try {
    server = await findActiveLootbox(session.api);
    loaded = true;
  } catch {
    // docs/product.md "Cart (Loot Box) persistence": loading failed, so the stored copy is the cart.
  }
  if (session.disposed) return false;
  let unsaved = false;
  if (server) {
    // Edits stored here but not saved (a tab closed within the debounce) are merged into the server's copy; a
    // copy based on another lootbox (cleared since) keeps only what was added or changed after that Clear.
    let mine: Cart | null = null;
    let mineBase: Cart = EMPTY_CART;
    if (local?.lootboxId === server.id) {
      mine = local;
      mineBase = local.base;
    } else if (local) {
      mine = await localAfterItsLootbox(session, local);
      if (session.disposed) return false;
    }
    const adopted = adoptLootbox(session.state, server);
    session.state = { ...adopted, cart: adopted.base };
    if (mine) {
      const merged = mergeInto(session, mineBase, mine, adopted.base);
      if (!sameCart(merged, adopted.base)) {
        session.state = { ...session.state, cart: merged };
        unsaved = true;
      }
    }
  } else if (local && loaded) {
    // No active lootbox: the one the stored copy was based on was cleared (completed) or deleted elsewhere. What
    // was added or changed here since starts a new one.
    const cart = await localAfterItsLootbox(session, local);
    if (session.disposed) return false;
    session.state = forgetLootbox({ ...session.state, cart });
    unsaved = cart.items.length > 0;
  } else if (local) {
    const { lootboxId, version, base } = local;
    const cart = { items: local.items, removed: local.removed };
    session.state = { ...session.state, cart, lootboxId, version, base };
    // Edits not saved yet are tried again (a 409 there merges with whatever the server has by then).
    unsaved = !sameCart(cart, base);
  }
  session.state = { ...session.state, status: 'ready', loadFailed: !loaded };
  session.commit();
  return unsaved;
}

/**
 * The stored copy's items as they stand once the lootbox it was based on is known to be over: read it (one active
 * lootbox per user, so another id than the active one, or none active, means completed or deleted), and let its
 * end remove what it held (withBaseEnded). Unreadable: as if gone.
 */
async function localAfterItsLootbox(session: CartSession, local: StoredCart): Promise<Cart> {
  const mine: Cart = { items: local.items, removed: local.removed };
  if (!local.lootboxId) return mine;
  let ended: Lootbox | null;
  try {
    ended = await readLootbox(session.api, local.lootboxId);
  } catch {
    return withBaseEnded(local.base, mine, 0);
  }
  // Active after all (made active between the two reads: not by this app): its items are the base's.
  if (ended?.status === 'active') return mine;
  return withBaseEnded(local.base, mine, endedAt(ended));
}
