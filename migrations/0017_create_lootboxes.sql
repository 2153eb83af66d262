-- The Loot Box kept on the server (docs/product.md "Lootbox (server cart)", "Cart (Loot Box) persistence"; decision
-- 0038). A lootbox is a shopper's cart: `active` while it is being filled, `completed` once cleared. At most one
-- active lootbox per user, decided by a unique index (two tabs creating at once make one, the other gets 409).
-- `version` counts successful writes: a save names the version it was based on and one based on an older version is
-- refused. `removed` holds the tombstones ({productId, removedAt}) the client's three-way merge reads.
create table lootboxes (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  status text not null default 'active' check (status in ('active', 'completed')),
  version integer not null default 1 check (version >= 1),
  removed jsonb not null default '[]'::jsonb check (jsonb_typeof(removed) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index lootboxes_one_active_idx on lootboxes (user_id) where status = 'active';
-- GET /api/v1/lootbox: the caller's own, newest first, keyset-paged on (created_at, id).
create index lootboxes_user_newest_idx on lootboxes (user_id, created_at desc, id desc);

-- What the shopper chose, and nothing the server prices: the price comes from the product as it is now. product_id
-- is no foreign key: a product deleted since stays in the cart as unavailable, shown by the snapshot of its name,
-- thumbnail and last price taken at each save while it existed.
create table lootbox_items (
  lootbox_id text not null references lootboxes (id) on delete cascade,
  product_id text not null check (length(product_id) between 1 and 64),
  position integer not null check (position between 0 and 99),
  quantity integer not null check (quantity between 1 and 999),
  from_klip boolean not null default false,
  applied_offer_id text check (length(applied_offer_id) between 1 and 64),
  -- When the item was added or its quantity changed, ms since the epoch (the client's merge compares them).
  updated_at bigint not null,
  snapshot_name text not null default '',
  snapshot_thumbnail text,
  -- Paise and percent, as products stores them.
  snapshot_price integer not null default 0 check (snapshot_price >= 0),
  snapshot_discount numeric(5, 2) not null default 0 check (snapshot_discount between 0 and 100),
  primary key (lootbox_id, product_id)
);
