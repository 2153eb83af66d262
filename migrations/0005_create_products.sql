-- Products (spec §3) with their images in display order, and shoppers' star ratings (PRODUCT-DECISIONS.md).
-- Lists page with keyset cursors on (created_at, id); search ranks a tsvector of name, description, tags and
-- category and falls back to trigram matching of the name for partial words.
create table products (
  id text primary key,
  owner_id text not null references users (id) on delete cascade,
  status text not null default 'active' check (status in ('active')),
  name text not null check (length(name) between 1 and 150),
  description text not null default '' check (length(description) <= 5000),
  price numeric(12, 2) not null check (price >= 0),
  discount numeric(5, 2) not null default 0 check (discount between 0 and 100),
  category text not null default 'Uncategorized',
  category_root text generated always as (split_part(category, ' - ', 1)) stored,
  tags text[] not null default '{}',
  contact_whatsapp text not null default '',
  contact_phone text not null default '',
  contact_email text not null default '',
  external_links jsonb not null default '[]'::jsonb,
  rating_sum integer not null default 0,
  rating_count integer not null default 0,
  search_text text not null default '',
  search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index products_newest_idx on products (status, created_at desc, id desc);
create index products_category_root_idx on products (status, category_root, created_at desc, id desc);
create index products_category_idx on products (status, category, created_at desc, id desc);
create index products_owner_idx on products (owner_id, created_at desc, id desc);
create index products_search_idx on products using gin (search_vector);
create index products_name_trgm_idx on products using gin (lower(name) gin_trgm_ops);

create table product_images (
  product_id text not null references products (id) on delete cascade,
  media_id text not null references media_objects (id),
  position integer not null check (position between 0 and 9),
  primary key (product_id, position),
  unique (product_id, media_id)
);
create index product_images_media_idx on product_images (media_id);

create table product_ratings (
  product_id text not null references products (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  stars integer not null check (stars between 1 and 5),
  created_at timestamptz not null default now(),
  primary key (product_id, user_id)
);

-- Exact totals for the listings that show one (all, a category, a subcategory, one creator), kept in step by the
-- repository in the same transaction as each write, so a page never counts rows.
create table product_counts (
  scope text primary key,
  count bigint not null default 0 check (count >= 0)
);
