-- The marketplace search (decision 0082): one document per product, klip, user and offer, weighted name (A) over
-- keywords (B: tags, category, featured products) over text (C: descriptions, bio), stemmed for English (plurals,
-- "headphones" = "headphone"), with hyphenated words also joined ("t-shirt" gives 'tshirt' too). And the words of
-- every document, whose trigrams let a misspelt word find the word it meant.

-- to_tsvector('english', ...) and these wrappers are immutable, so the documents can be generated columns.
create function lk_words(words text[]) returns text
  language sql immutable parallel safe
  as $$ select coalesce(array_to_string(words, ' '), '') $$;

create function lk_search_document(name text, keywords text, body text) returns tsvector
  language sql immutable parallel safe
  as $$
    select setweight(to_tsvector('english', name || ' ' || regexp_replace(name, '(\w)-(?=\w)', '\1', 'g')), 'A')
      || setweight(to_tsvector('english', keywords || ' ' || regexp_replace(keywords, '(\w)-(?=\w)', '\1', 'g')), 'B')
      || setweight(to_tsvector('english', body), 'C')
  $$;

-- Products: name; tags and category; description.
drop index products_search_idx;
alter table products drop column search_vector;
alter table products drop column search_text;
alter table products add column search_document tsvector generated always as
  (lk_search_document(name, lk_words(tags) || ' ' || category, description)) stored;
create index products_search_idx on products using gin (search_document);

-- Klips: title; tags and the featured product's name (search_keywords, kept by the triggers below); description.
drop index klips_search_idx;
alter table klips drop column search_vector;
alter table klips drop column search_text;
alter table klips add column search_keywords text not null default '';
update klips k set search_keywords =
  lk_words(k.tags) || coalesce(' ' || (select p.name from products p where p.id = k.product_id), '');
alter table klips add column search_document tsvector generated always as
  (lk_search_document(title, search_keywords, description)) stored;
create index klips_search_idx on klips using gin (search_document);

-- Offers: title; their products' names (search_keywords, kept by the triggers below); description.
alter table offers add column search_keywords text not null default '';
update offers o set search_keywords = coalesce((
  select string_agg(p.name, ' ' order by op.position) from offer_products op join products p on p.id = op.product_id
  where op.offer_id = o.id), '');
alter table offers add column search_document tsvector generated always as
  (lk_search_document(title, search_keywords, description)) stored;
create index offers_search_idx on offers using gin (search_document);

-- Users (Shop Stars): the username (also split at its dots and underscores) and full name; bio.
alter table users add column search_document tsvector generated always as
  (lk_search_document(username || ' ' || translate(username, '._', '  ') || ' ' || full_name, '', bio)) stored;
create index users_search_idx on users using gin (search_document);

-- The keywords that come from other rows, kept here so that no write path can forget them: a klip's featured
-- product's name, an offer's products' names, both again when a product is renamed.
create function lk_klip_keywords(tags text[], product_id text) returns text
  language sql stable
  as $$ select lk_words(tags) || coalesce(' ' || (select p.name from products p where p.id = product_id), '') $$;

create function lk_offer_keywords(offer_id text) returns text
  language sql stable
  as $$
    select coalesce(string_agg(p.name, ' ' order by op.position), '')
    from offer_products op join products p on p.id = op.product_id where op.offer_id = lk_offer_keywords.offer_id
  $$;

create function lk_set_klip_keywords() returns trigger
  language plpgsql
  as $$
  begin
    new.search_keywords := lk_klip_keywords(new.tags, new.product_id);
    return new;
  end
  $$;
create trigger klips_search_keywords before insert or update of tags, product_id on klips
  for each row execute function lk_set_klip_keywords();

create function lk_update_offer_keywords() returns trigger
  language plpgsql
  as $$
  declare
    changed text := coalesce(new.offer_id, old.offer_id);
  begin
    update offers set search_keywords = lk_offer_keywords(changed) where id = changed;
    return null;
  end
  $$;
create trigger offer_products_search_keywords after insert or update or delete on offer_products
  for each row execute function lk_update_offer_keywords();

create function lk_update_keywords_of_product() returns trigger
  language plpgsql
  as $$
  begin
    update klips set search_keywords = lk_klip_keywords(tags, product_id) where product_id = new.id;
    update offers o set search_keywords = lk_offer_keywords(o.id)
      where o.id in (select op.offer_id from offer_products op where op.product_id = new.id);
    return null;
  end
  $$;
create trigger products_search_keywords after update of name on products
  for each row when (old.name is distinct from new.name) execute function lk_update_keywords_of_product();

-- Every word of every document as written (lower-cased, hyphenated words also joined; no numbers): a query word that no
-- document has, even as a prefix or a plural, is compared with these (trigrams first, then one typo, search-words.ts).
-- Words are added as documents are written and never removed (a word that is gone only costs a correction that
-- finds nothing).
create table search_terms (term text primary key);
create index search_terms_prefix_idx on search_terms (term text_pattern_ops);
create index search_terms_trgm_idx on search_terms using gin (term gin_trgm_ops);

-- And every word of every document as its document holds it (stemmed: 'headphon'), in bytewise order, so that
-- "does some document have a word this query word begins?" is one index probe, not a scan of the documents (a
-- prefix tsquery's row estimate is a flat 2 %: the planner scans every product for a word none has, bench:search).
create table search_lexemes (lexeme text collate "C" primary key);

create function lk_add_search_lexemes(document tsvector) returns void
  language sql
  as $$
    insert into search_lexemes (lexeme)
      select lexeme from unnest(tsvector_to_array(document)) as lexeme
      where lexeme !~ '^[0-9]+$' and length(lexeme) <= 40
      on conflict do nothing
  $$;

create function lk_add_search_terms(document text) returns void
  language sql
  as $$
    insert into search_terms (term)
      select word from unnest(tsvector_to_array(to_tsvector('simple',
        document || ' ' || regexp_replace(document, '(\w)-(?=\w)', '\1', 'g')))) as word
      -- Numbers (sizes, SKUs, "500") are no words to correct a typo into, and would grow the table with the rows.
      where word !~ '[^[:alnum:]]' and word !~ '^[0-9]+$' and length(word) <= 40
      on conflict do nothing
  $$;

create function lk_add_search_terms_of_row() returns trigger
  language plpgsql
  as $$
  begin
    perform lk_add_search_lexemes(new.search_document);
    case tg_table_name
      when 'products' then
        perform lk_add_search_terms(new.name || ' ' || lk_words(new.tags) || ' ' || new.category || ' ' || new.description);
      when 'klips' then
        perform lk_add_search_terms(new.title || ' ' || new.search_keywords || ' ' || new.description);
      when 'offers' then
        perform lk_add_search_terms(new.title || ' ' || new.search_keywords || ' ' || new.description);
      when 'users' then
        perform lk_add_search_terms(translate(new.username, '._', '  ') || ' ' || new.full_name || ' ' || new.bio);
    end case;
    return null;
  end
  $$;

create trigger products_search_terms_insert after insert on products
  for each row execute function lk_add_search_terms_of_row();
create trigger products_search_terms_update after update on products
  for each row when (old.search_document is distinct from new.search_document)
  execute function lk_add_search_terms_of_row();
create trigger klips_search_terms_insert after insert on klips
  for each row execute function lk_add_search_terms_of_row();
create trigger klips_search_terms_update after update on klips
  for each row when (old.search_document is distinct from new.search_document)
  execute function lk_add_search_terms_of_row();
create trigger offers_search_terms_insert after insert on offers
  for each row execute function lk_add_search_terms_of_row();
create trigger offers_search_terms_update after update on offers
  for each row when (old.search_document is distinct from new.search_document)
  execute function lk_add_search_terms_of_row();
create trigger users_search_terms_insert after insert on users
  for each row execute function lk_add_search_terms_of_row();
create trigger users_search_terms_update after update on users
  for each row when (old.search_document is distinct from new.search_document)
  execute function lk_add_search_terms_of_row();

select lk_add_search_terms(name || ' ' || lk_words(tags) || ' ' || category || ' ' || description) from products;
select lk_add_search_terms(title || ' ' || search_keywords || ' ' || description) from klips;
select lk_add_search_terms(title || ' ' || search_keywords || ' ' || description) from offers;
select lk_add_search_terms(translate(username, '._', '  ') || ' ' || full_name || ' ' || bio) from users;
select lk_add_search_lexemes(search_document) from products;
select lk_add_search_lexemes(search_document) from klips;
select lk_add_search_lexemes(search_document) from offers;
select lk_add_search_lexemes(search_document) from users;
