-- Klip search (docs/product.md "Klip", spec §5 Search): words of the title, description and tags, kept in
-- search_text by the klips service on every write (as products do, migration 0005), matched as prefixes through the
-- tsvector, and any part of the title through the trigram index.
alter table klips add column search_text text not null default '';
alter table klips add column search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored;
create index klips_search_idx on klips using gin (search_vector);
create index klips_title_trgm_idx on klips using gin (lower(title) gin_trgm_ops);
-- A creator's klips newest first, and the job's lookup of the klips that use a video.
create index klips_owner_newest_idx on klips (owner_id, created_at desc, id desc);
