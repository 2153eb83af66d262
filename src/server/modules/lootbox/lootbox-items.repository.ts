// A Loot Box's items as stored (lootbox_items): read as one JSON column of the lootbox's row, and written as only
// the rows a save changes (decision 0038). Money is integer paise and a percentage basis points here, as stored.
import { sql } from 'kysely';
import type { Paise } from '../../../shared/domain/pricing.ts';

/** An item as stored: the shopper's choice, and the snapshot of the product taken at the last save. */
export interface LootboxItemRecord {
  productId: string;
  quantity: number;
  fromKlip: boolean;
  appliedOfferId: string | null;
  /** ms since the epoch. */
  updatedAt: number;
  snapshot: ProductSnapshot;
}

/**
 * What a deleted product still shows: its name and price as they were at the last save. Its thumbnail URL is kept
 * but no longer shown: the photo leaves storage with the product (lootbox.service.ts toThumbnail).
 */
export interface ProductSnapshot {
  name: string;
  thumbnail: string | null;
  pricePaise: Paise;
  /** Percent. */
  discount: number;
}

/** An item to write, with the snapshot to keep. */
export type LootboxItemWrite = LootboxItemRecord;

export type ItemJson = {
  productId: string;
  quantity: number;
  fromKlip: boolean;
  appliedOfferId: string | null;
  updatedAt: string | number;
  name: string;
  thumbnail: string | null;
  price: number;
  discount: string | number;
};

/** The lootbox's items, in the shopper's order, as one JSON column (one statement for a whole page). */
export const ITEMS_COLUMN = sql<
  ItemJson[]
>`(select coalesce(json_agg(json_build_object('productId', i.product_id,
    'quantity', i.quantity, 'fromKlip', i.from_klip, 'appliedOfferId', i.applied_offer_id,
    'updatedAt', i.updated_at, 'name', i.snapshot_name, 'thumbnail', i.snapshot_thumbnail,
    'price', i.snapshot_price, 'discount', i.snapshot_discount) order by i.position), '[]'::json)
  from lootbox_items i where i.lootbox_id = l.id)`.as('items');

export function toItem(item: ItemJson): LootboxItemRecord {
  return {
    productId: item.productId,
    quantity: item.quantity,
    fromKlip: item.fromKlip,
    appliedOfferId: item.appliedOfferId,
    updatedAt: Number(item.updatedAt),
    snapshot: {
      name: item.name,
      thumbnail: item.thumbnail,
      pricePaise: item.price as Paise,
      discount: Number(item.discount),
    },
  };
}

export type ItemRow = {
  lootbox_id: string;
  product_id: string;
  position: number;
  quantity: number;
  from_klip: boolean;
  applied_offer_id: string | null;
  updated_at: number;
  snapshot_name: string;
  snapshot_thumbnail: string | null;
  snapshot_price: number;
  snapshot_discount: number;
};

/**
 * What turns `stored` (the items as read, in their order) into `items`: the products no longer there, and the rows
 * of the new and changed items (an item that moved is changed: positions are always 0 to n - 1).
 */
export function diffItems(
  lootboxId: string,
  items: readonly LootboxItemWrite[],
  stored: readonly LootboxItemRecord[],
): { gone: string[]; rows: ItemRow[] } {
  const keep = new Set(items.map((item) => item.productId));
  const gone = stored.filter((item) => !keep.has(item.productId)).map((item) => item.productId);
  const storedAt = new Map(stored.map((item, position) => [item.productId, { item, position }]));
  const rows = items.flatMap((item, position): ItemRow[] => {
    const before = storedAt.get(item.productId);
    if (before && before.position === position && isSameItem(before.item, item)) return [];
    return [
      {
        lootbox_id: lootboxId,
        product_id: item.productId,
        position,
        quantity: item.quantity,
        from_klip: item.fromKlip,
        applied_offer_id: item.appliedOfferId,
        updated_at: item.updatedAt,
        snapshot_name: item.snapshot.name,
        snapshot_thumbnail: item.snapshot.thumbnail,
        snapshot_price: item.snapshot.pricePaise,
        snapshot_discount: item.snapshot.discount,
      },
    ];
  });
  return { gone, rows };
}

/** On a conflict of (lootbox_id, product_id), every column but the key from the row that was to be inserted. */
export const UPSERT_SET = sql`position = excluded.position, quantity = excluded.quantity, from_klip = excluded.from_klip,
  applied_offer_id = excluded.applied_offer_id, updated_at = excluded.updated_at,
  snapshot_name = excluded.snapshot_name, snapshot_thumbnail = excluded.snapshot_thumbnail,
  snapshot_price = excluded.snapshot_price, snapshot_discount = excluded.snapshot_discount`;

function isSameItem(a: LootboxItemRecord, b: LootboxItemRecord): boolean {
  return (
    a.quantity === b.quantity &&
    a.fromKlip === b.fromKlip &&
    a.appliedOfferId === b.appliedOfferId &&
    a.updatedAt === b.updatedAt &&
    a.snapshot.name === b.snapshot.name &&
    a.snapshot.thumbnail === b.snapshot.thumbnail &&
    a.snapshot.pricePaise === b.snapshot.pricePaise &&
    a.snapshot.discount === b.snapshot.discount
  );
}
