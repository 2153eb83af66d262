-- The recent documents' own indexes (decision 0082): a search ranks the newest SEARCH_CANDIDATES matches, so products
-- and klips are searched newest tier first, each tier through a GIN index of its own: tier 0 (the last week), 1 (the
-- rest of the last 30 days), 2 (the rest of the last 180 days), 3 (older, through the index of all documents); a
-- tier is read only when the newer ones hold too few matches. A common word reads a week's or a month's matches
-- rather than the catalogue's, a rare one is one probe of each index. An hourly job (search-recency.repository.ts)
-- moves rows on as they age (SEARCH_TIER_DAYS); a new row is in tier 0. Existing rows: tier 3 first (no rewrite),
-- then the newer ones.
alter table products add column search_tier smallint not null default 3;
update products set search_tier = case
    when created_at >= now() - interval '7 days' then 0
    when created_at >= now() - interval '30 days' then 1
    else 2
  end
  where created_at >= now() - interval '180 days';
alter table products alter column search_tier set default 0;
create index products_search_tier0_idx on products using gin (search_document) where search_tier = 0;
create index products_search_tier1_idx on products using gin (search_document) where search_tier = 1;
create index products_search_tier2_idx on products using gin (search_document) where search_tier = 2;

alter table klips add column search_tier smallint not null default 3;
update klips set search_tier = case
    when created_at >= now() - interval '7 days' then 0
    when created_at >= now() - interval '30 days' then 1
    else 2
  end
  where created_at >= now() - interval '180 days';
alter table klips alter column search_tier set default 0;
create index klips_search_tier0_idx on klips using gin (search_document) where search_tier = 0;
create index klips_search_tier1_idx on klips using gin (search_document) where search_tier = 1;
create index klips_search_tier2_idx on klips using gin (search_document) where search_tier = 2;
