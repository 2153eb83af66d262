// The lootbox calls the client's Loot Box makes (docs/product.md "Cart (Loot Box) persistence", decision 0038):
// the first active lootbox, one lootbox by id, a save (PUT with an id, else POST) and the Clear.
import { CART_SAVE_ATTEMPTS } from '../../../shared/constants.ts';
import type {
  Lootbox,
  LootboxBody,
  LootboxListResponse,
  LootboxResponse,
} from '../../../shared/contracts/lootbox.ts';
import { ApiError, type ApiClient } from '../../lib/api-client.ts';

const lootboxPath = (id: string) => `/lootbox/${encodeURIComponent(id)}`;

export async function findActiveLootbox(api: ApiClient): Promise<Lootbox | null> {
  const answer = await api.get<LootboxListResponse>('/lootbox', { query: { status: 'active', limit: 1 } });
  return answer.lootboxes[0] ?? null;
}

/** Our lootbox as the server has it now; null when it is gone (deleted, or never ours). */
export async function readLootbox(api: ApiClient, id: string): Promise<Lootbox | null> {
  try {
    return (await api.get<LootboxResponse>(lootboxPath(id))).lootbox;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** An update of the lootbox `id`, or with none a create. */
export async function sendLootbox(api: ApiClient, id: string | null, body: LootboxBody): Promise<Lootbox> {
  const answer = id
    ? await api.put<LootboxResponse>(lootboxPath(id), body)
    : await api.post<LootboxResponse>('/lootbox', body);
  return answer.lootbox;
}

/**
 * docs/product.md "Cart (Loot Box) persistence" Clearing: an update with no items, total 0 and status completed.
 * A 409 means a newer copy: clearing it is still what the shopper asked for, so it is read and cleared, at most
 * CART_SAVE_ATTEMPTS times. Rejects when the server refuses or cannot be reached.
 */
export async function completeLootbox(
  api: ApiClient,
  uid: string,
  id: string,
  version: number | null,
): Promise<void> {
  let current = version;
  for (let attempt = 0; attempt < CART_SAVE_ATTEMPTS; attempt++) {
    try {
      await api.put<LootboxResponse>(lootboxPath(id), {
        userId: uid,
        items: [],
        totalValue: 0,
        status: 'completed',
        ...(current === null ? {} : { version: current }),
      } satisfies LootboxBody);
      return;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      const latest = await api.get<LootboxResponse>(lootboxPath(id));
      current = latest.lootbox.version;
      if (attempt === CART_SAVE_ATTEMPTS - 1) throw error;
    }
  }
}
