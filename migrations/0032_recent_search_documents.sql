-- The recent documents' own index (decision 0082): a search ranks the newest SEARCH_CANDIDATES matches, and the
-- products and klips of the last SEARCH_RECENT_DAYS days are searched first through a GIN index of theirs alone, so
-- that a common word reads about one month's matches rather than the whole catalogue's, and a rare one is one probe
-- of each index. An hourly job (search-recency.repository.ts) clears search_recent as rows age; a new row is recent.
-- Existing rows: false first (no rewrite), then the last 30 days' set.
alter table products add column search_recent boolean not null default false;
update products set search_recent = true where created_at >= now() - interval '30 days';
alter table products alter column search_recent set default true;
create index products_recent_search_idx on products using gin (search_document) where search_recent;

alter table klips add column search_recent boolean not null default false;
update klips set search_recent = true where created_at >= now() - interval '30 days';
alter table klips alter column search_recent set default true;
create index klips_recent_search_idx on klips using gin (search_document) where search_recent;
