-- Klips (docs/product.md "Klip"): short vertical videos a creator publishes, each featuring at most one product,
-- and who liked them. Created now so that creator stats count real rows (klips and their likes) from the first
-- day; the klips feature (upload, processing, feed, comments) builds on these tables.
-- likes, views and comment_count are kept in step with the rows that cause them, in the same transaction
-- (docs/product.md "Klip interaction"); only active klips count toward a creator's stats.
create table klips (
  id text primary key,
  owner_id text not null references users (id) on delete cascade,
  status text not null default 'processing' check (status in ('processing', 'active', 'failed')),
  title text not null check (length(title) between 1 and 150),
  description text not null default '' check (length(description) <= 2000),
  tags text[] not null default '{}',
  product_id text references products (id) on delete set null,
  video_media_id text references media_objects (id),
  poster_media_id text references media_objects (id),
  failure_reason text,
  views bigint not null default 0 check (views >= 0),
  likes integer not null default 0 check (likes >= 0),
  comment_count integer not null default 0 check (comment_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index klips_newest_idx on klips (status, created_at desc, id desc);
-- A creator's klips, and their stats (count and summed likes of the active ones) from the index alone.
create index klips_owner_idx on klips (owner_id, status) include (likes);
create index klips_product_idx on klips (product_id) where product_id is not null;
-- The unreferenced-media sweep asks whether any klip still uses a media object.
create index klips_video_media_idx on klips (video_media_id) where video_media_id is not null;
create index klips_poster_media_idx on klips (poster_media_id) where poster_media_id is not null;

create table klip_likes (
  klip_id text not null references klips (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (klip_id, user_id)
);
create index klip_likes_user_idx on klip_likes (user_id, created_at desc);
