-- First-party analytics (docs/product.md "Analytics"; decision 0064): the raw events the
-- browser sent with consent, and the daily counts the seller's dashboard reads.

-- Raw events, append-only, partitioned by the month they were received in, so that retention drops whole months
-- (ANALYTICS_RETENTION_DAYS). The analytics job creates each month's partition ahead of time; the default
-- partition only catches an event whose month has no partition yet, and is never dropped.
-- seller_id/item_type/item_id: the content the event is about and its owner, resolved when stored (null for
-- page_view and utm_link_click). klip_id: the klip that led the shopper there in this session (the funnel).
-- detail: the contact or quote channel, or the share method. counted: the first of its kind for this session, item
-- and UTC day, within what one address may count (decision 0064); only counted events reach the roll-ups.
create table analytics_events (
  id bigint generated always as identity,
  received_at timestamptz not null default now(),
  type text not null check (length(type) <= 40),
  session_hash text not null check (length(session_hash) <= 64),
  address_hash text not null check (length(address_hash) <= 64),
  seller_id text check (length(seller_id) <= 64),
  item_type text check (item_type in ('product', 'klip', 'offer', 'lootbox', 'profile')),
  item_id text check (length(item_id) <= 64),
  klip_id text check (length(klip_id) <= 64),
  detail text not null default '' check (length(detail) <= 40),
  counted boolean not null,
  props jsonb not null default '{}'::jsonb check (jsonb_typeof(props) = 'object')
) partition by range (received_at);
create table analytics_events_default partition of analytics_events default;
-- The dashboard's live tail: a seller's counted events since the last roll-up.
create index analytics_events_seller_idx on analytics_events (seller_id, received_at) where counted;
-- The roll-up job reads a window of received_at.
create index analytics_events_received_idx on analytics_events (received_at);

-- Which (day, item, type, detail) a session was already counted for, and from which address: the dedupe of
-- `counted`. Kept two days (the job deletes older days).
create table analytics_event_firsts (
  day date not null,
  item_id text not null check (length(item_id) <= 64),
  type text not null check (length(type) <= 40),
  detail text not null check (length(detail) <= 40),
  session_hash text not null check (length(session_hash) <= 64),
  address_hash text not null check (length(address_hash) <= 64),
  primary key (day, item_id, type, detail, session_hash)
);
create index analytics_event_firsts_address_idx on analytics_event_firsts (day, item_id, type, detail, address_hash);

-- Daily counts per seller, item, event type, detail and attributing klip ('' for none): what the dashboard reads.
create table analytics_daily (
  seller_id text not null check (length(seller_id) <= 64),
  day date not null,
  item_type text not null,
  item_id text not null check (length(item_id) <= 64),
  type text not null check (length(type) <= 40),
  detail text not null default '',
  klip_id text not null default '',
  count integer not null check (count >= 0),
  primary key (seller_id, day, item_type, item_id, type, detail, klip_id)
);

-- The funnel reads a seller's klips' rows, the top lists one event type's rows, over a range of days.
create index analytics_daily_klip_idx on analytics_daily (seller_id, klip_id, day) where klip_id <> '';
create index analytics_daily_type_idx on analytics_daily (seller_id, type, day) include (item_type, item_id, count);

-- The same counts per seller, day, event type and detail only: the dashboard's totals and chart read a few rows a
-- day here instead of one per item (decision 0064). Rolled up with analytics_daily, in the same transaction.
create table analytics_daily_totals (
  seller_id text not null check (length(seller_id) <= 64),
  day date not null,
  type text not null check (length(type) <= 40),
  detail text not null default '',
  count integer not null check (count >= 0),
  primary key (seller_id, day, type, detail)
);

-- How far the roll-up has read: every counted event received before rolled_until is in analytics_daily. It starts
-- at -infinity, so the first roll-up takes everything stored before it (the demo history the seed dates back).
create table analytics_rollup_state (
  id integer primary key check (id = 1),
  rolled_until timestamptz not null
);
insert into analytics_rollup_state (id, rolled_until) values (1, '-infinity');

-- Requests and events the events endpoint refused or dropped, per UTC day and reason (the flood, bad batches).
create table analytics_refusals (
  day date not null,
  reason text not null check (length(reason) <= 40),
  count bigint not null check (count >= 0),
  primary key (day, reason)
);
