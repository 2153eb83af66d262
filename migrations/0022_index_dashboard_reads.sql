-- The seller's dashboard (docs/product.md "Dashboard"; decision 0065) counts a seller's klip views, likes and comments
-- per UTC day of a period. Each read starts from the seller's klips (klips_owner_idx) and then asks, per klip, for
-- its rows in a range of days: the primary keys lead with the klip but then the viewer or the user, and the comment
-- index covers top-level comments only, so without these each read would visit every row a klip ever had. Shares
-- use interactions_content_idx (content_id, type, created_at) as it is.
create index klip_views_klip_day_idx on klip_views (klip_id, day);
create index klip_likes_klip_created_idx on klip_likes (klip_id, created_at);
create index klip_comments_klip_created_idx on klip_comments (klip_id, created_at);
