// One save of the Loot Box with its retry (decision 0038): send the cart with the version it was based on; on a
// 409 (or our lootbox gone) read the newer copy, merge three ways and send again; a product the server no longer
// knows is dropped and the rest sent again. At most CART_SAVE_ATTEMPTS sends; then the caller tries later.
import { CART_SAVE_ATTEMPTS } from '../../../shared/constants.ts';
import { EMPTY_CART, type Cart } from '../../../shared/domain/cart.ts';
import type { Lootbox } from '../../../shared/contracts/lootbox.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { findActiveLootbox, readLootbox, sendLootbox } from './cart-remote.ts';
import { mergeInto, type CartSession } from './cart-session.ts';
import {
  adoptLootbox,
  endedAt,
  forgetLootbox,
  isStaleSave,
  toCart,
  toLootboxBody,
  unknownProductIndex,
  withBaseEnded,
} from './cart-state.ts';

/** 'saved', or 'outpaced' when other saves kept landing first: not the shopper's problem, tried again later. */
export type SaveOutcome = 'saved' | 'outpaced';

/** Throws what the server refused for good (or the network's trouble): the stored copy holds the change either way. */
export async function saveWithMerge(session: CartSession): Promise<SaveOutcome> {
  for (let attempt = 0; attempt < CART_SAVE_ATTEMPTS; attempt++) {
    if (session.disposed) return 'saved';
    const { cart: sent, lootboxId, version } = session.state;
    // Nothing to create: a lootbox is made only with at least one item.
    if (!lootboxId && sent.items.length === 0) return 'saved';
    let answer: Lootbox;
    try {
      const body = toLootboxBody(session.uid, sent, version, session.snapshot.totalValue);
      answer = await sendLootbox(session.api, lootboxId, body);
    } catch (error) {
      if (session.disposed) return 'saved';
      if (dropUnknownProduct(session, error, sent)) continue;
      if (!isStaleSave(error, lootboxId)) throw error;
      await mergeWithServer(session);
      continue;
    }
    if (session.disposed) return 'saved';
    const state = adoptLootbox({ ...session.state, loadFailed: false }, answer);
    // Changed while the request was out: the newer local state stays, and its own save is already scheduled.
    session.state = state.cart === sent ? { ...state, cart: toCart(answer) } : state;
    session.commit();
    return 'saved';
  }
  return 'outpaced';
}

/**
 * A product deleted before it was ever saved: the server will never take it, so it goes (no tombstone: it was
 * never in a save) and the rest is saved again. False when the error names no such product.
 */
function dropUnknownProduct(session: CartSession, error: unknown, sent: Cart): boolean {
  const index = unknownProductIndex(error, sent);
  if (index < 0) return false;
  const gone = sent.items[index]!;
  const { cart } = session.state;
  session.state = {
    ...session.state,
    cart: { ...cart, items: cart.items.filter((item) => item.productId !== gone.productId) },
  };
  session.commit();
  session.notice(LOOTBOX_MESSAGES.productGone(gone.name || gone.productId));
  return true;
}

/**
 * A 409 (or our lootbox gone): the newer copy becomes the base, and the local edits are merged into it. Our
 * lootbox completed (a Clear elsewhere) or gone: its items count as removed then (withBaseEnded), and what is left
 * joins another tab's new lootbox or starts one.
 */
export async function mergeWithServer(session: CartSession): Promise<void> {
  let theirs: Lootbox | null = null;
  const { lootboxId } = session.state;
  if (lootboxId) {
    const ours = await readLootbox(session.api, lootboxId);
    if (session.disposed) return;
    if (ours?.status === 'active') {
      theirs = ours;
    } else {
      const { base, cart } = session.state;
      session.state = forgetLootbox({ ...session.state, cart: withBaseEnded(base, cart, endedAt(ours)) });
    }
  }
  theirs ??= await findActiveLootbox(session.api);
  if (session.disposed) return;
  if (theirs) {
    const { base, cart, lootboxId: ourId } = session.state;
    const merged = mergeInto(session, theirs.id === ourId ? base : EMPTY_CART, cart, toCart(theirs));
    session.state = { ...adoptLootbox(session.state, theirs), cart: merged };
  }
  session.commit();
}
