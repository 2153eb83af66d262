-- A price range counts its matches (up to LIST_TOTAL_CAP, for the list's total) from an index alone, instead of
-- reading table rows until a thousand of them fall in the range: 5 ms -> 0.4 ms per first page at 1 M products.
create index products_price_idx on products (status, price);
create index products_category_root_price_idx on products (status, category_root, price);
create index products_category_price_idx on products (status, category, price);
