-- Klip interactions (docs/product.md "Klip interactions API"; decision 0041): comments and their replies, the
-- views the server counted, and the generic interactions of POST /interactions. klips.views and
-- klips.comment_count (0012) are kept in step with these rows in the same transaction that writes them.

-- A comment, or a reply (parent_comment_id set). Replies are one level deep: the service attaches a reply to a
-- reply to that reply's parent, so a parent never has a parent itself. reply_count counts a comment's replies.
create table klip_comments (
  id text primary key,
  klip_id text not null references klips (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  parent_comment_id text references klip_comments (id) on delete cascade,
  content text not null check (length(content) between 1 and 1000),
  status text not null default 'active' check (status in ('active')),
  reply_count integer not null default 0 check (reply_count >= 0),
  created_at timestamptz not null default now()
);
-- A klip's comments newest or oldest first, keyset by (created_at, id); a comment's replies the same way.
create index klip_comments_klip_idx on klip_comments (klip_id, created_at desc, id desc)
  where parent_comment_id is null;
create index klip_comments_replies_idx on klip_comments (parent_comment_id, created_at, id)
  where parent_comment_id is not null;
create index klip_comments_user_idx on klip_comments (user_id);

-- One row per klip, viewer and UTC day: a viewer (user:{id}, or anon:{session id}) counts at most once a day.
-- An anonymous row keeps a hash of the address it came from, so that one address counts a bounded number of
-- anonymous sessions per klip a day (a script inventing session ids cannot inflate views).
create table klip_views (
  klip_id text not null references klips (id) on delete cascade,
  viewer_key text not null check (length(viewer_key) <= 80),
  day date not null,
  address_hash text check (length(address_hash) <= 64),
  created_at timestamptz not null default now(),
  primary key (klip_id, viewer_key, day)
);
create index klip_views_address_idx on klip_views (klip_id, day, address_hash) where address_hash is not null;

-- The spec's generic interactions (POST /interactions {contentId, type, extras}): shares and contact clicks.
create table interactions (
  id text primary key,
  content_id text not null check (length(content_id) <= 64),
  type text not null check (length(type) <= 40),
  user_id text references users (id) on delete set null,
  extras jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index interactions_content_idx on interactions (content_id, type, created_at desc);
