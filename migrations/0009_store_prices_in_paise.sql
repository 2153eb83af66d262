-- Money as integer paise (docs/product.md "Price calculation", decision 0026): products.price was numeric(12, 2) rupees. The API's largest price,
-- PRODUCT_PRICE_MAX = ₹1,00,00,000, is 1 000 000 000 paise, inside integer (2 147 483 647), so integer it is: both
-- drivers return it as a JS number (bigint would come back as a string from node-postgres). price * 100 of a
-- numeric(12, 2) is a whole number, so the conversion is exact; a row above the integer range (possible only by
-- writing around the API) makes this migration fail instead of losing money. The discount stays numeric(5, 2)
-- percent, as the spec gives it; the arithmetic is done in basis points (src/shared/domain/pricing.ts).
--
-- The price indexes of 0008 are dropped first so that the column's rewrite does not rebuild them once only to
-- have them rebuilt again, and created again on the new column: a price range is still read from an index.
drop index products_price_idx;
drop index products_category_root_price_idx;
drop index products_category_price_idx;

alter table products alter column price type integer using (price * 100)::integer;
comment on column products.price is 'Paise (1 rupee = 100 paise); the API speaks rupees.';

create index products_price_idx on products (status, price);
create index products_category_root_price_idx on products (status, category_root, price);
create index products_category_price_idx on products (status, category, price);
