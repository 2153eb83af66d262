-- Offers (docs/product.md "Offer") and the products each applies to. Money as integer paise and percents as basis
-- points, like products (0009): a percentage offer's discount_value is basis points (1 to 10 000), a fixed one's is
-- paise. max_discount null means no cap. An offer is active while start_at <= now() < end_at (docs/product.md "Hot
-- Deals"); the indexes serve the questions the API asks: active offers newest first, one seller's offers, the next
-- start or end after now (when cached lists expire), and the offers that include a product.
create table offers (
  id text primary key,
  owner_id text not null references users (id) on delete cascade,
  status text not null default 'active' check (status in ('active')),
  title text not null check (length(title) between 1 and 120),
  description text not null default '' check (length(description) <= 2000),
  discount_type text not null check (discount_type in ('percentage', 'fixed')),
  discount_value integer not null check (discount_value > 0),
  min_purchase integer not null default 0 check (min_purchase >= 0),
  max_discount integer check (max_discount > 0),
  start_at timestamptz not null,
  end_at timestamptz not null,
  terms text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (discount_type = 'fixed' or discount_value <= 10000),
  check (start_at <= end_at)
);
create index offers_newest_idx on offers (status, created_at desc, id desc);
create index offers_owner_idx on offers (owner_id, created_at desc, id desc);
create index offers_start_idx on offers (start_at);
create index offers_end_idx on offers (end_at);
create index offers_title_trgm_idx on offers using gin (lower(title || ' ' || description) gin_trgm_ops);

create table offer_products (
  offer_id text not null references offers (id) on delete cascade,
  product_id text not null references products (id) on delete cascade,
  position integer not null check (position between 0 and 99),
  primary key (offer_id, position),
  unique (offer_id, product_id)
);
create index offer_products_product_idx on offer_products (product_id, offer_id);
