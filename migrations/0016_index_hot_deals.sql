-- Hot Deals (docs/product.md "Hot Deals"): the products of offers active now (start_at <= now < end_at), newest
-- product first, keyset-paged on the product's (created_at, id). Answered from products alone, a page walks the
-- newest-first index and checks each product for an active offer: the fewer products are in deals, the more it
-- reads (every product, when the deals are all old ones). So each offer_products row carries copies of what the
-- list orders and filters by (the product's created_at, the offer's start and end), and one index in the list's
-- order holds them all: a page reads its rows from that index alone, in order, skipping only rows of offers not
-- active now. Triggers keep the copies true whoever writes the rows (the offers module knows nothing of them).
-- Rows of ended offers stay (their owners still list them) and are skipped; see bench/offers.ts for the cost.
alter table offer_products
  add column product_created_at timestamptz,
  add column start_at timestamptz,
  add column end_at timestamptz;

update offer_products op
set product_created_at = p.created_at, start_at = o.start_at, end_at = o.end_at
from products p, offers o
where p.id = op.product_id and o.id = op.offer_id;

-- A new or moved row copies its product's created_at and its offer's period. The copies may be null only where the
-- product or offer does not exist, and then the row's foreign keys refuse it with their own error (a not-null
-- constraint here would refuse it first, with another).
create function offer_products_copy_times() returns trigger language plpgsql as $$
begin
  select p.created_at into new.product_created_at from products p where p.id = new.product_id;
  select o.start_at, o.end_at into new.start_at, new.end_at from offers o where o.id = new.offer_id;
  return new;
end
$$;
create trigger offer_products_copy_times
  before insert or update of offer_id, product_id on offer_products
  for each row execute function offer_products_copy_times();

-- An offer whose period changes moves its rows with it.
create function offers_copy_period() returns trigger language plpgsql as $$
begin
  update offer_products set start_at = new.start_at, end_at = new.end_at where offer_id = new.id;
  return null;
end
$$;
create trigger offers_copy_period
  after update of start_at, end_at on offers
  for each row when (old.start_at is distinct from new.start_at or old.end_at is distinct from new.end_at)
  execute function offers_copy_period();

-- The API never changes a product's created_at; a script that does keeps Hot Deals in step all the same.
create function products_copy_created_at() returns trigger language plpgsql as $$
begin
  update offer_products set product_created_at = new.created_at where product_id = new.id;
  return null;
end
$$;
create trigger products_copy_created_at
  after update of created_at on products
  for each row when (old.created_at is distinct from new.created_at)
  execute function products_copy_created_at();

create index offer_products_deals_idx
  on offer_products (product_created_at desc, product_id desc) include (start_at, end_at);
