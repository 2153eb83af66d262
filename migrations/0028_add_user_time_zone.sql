-- The seller's time zone on the user row (decision 0079), where the analytics roll-ups and the dashboard's reads
-- cut days with the join to users they make: docs/product.md "App settings" appearance.timezone, default 'UTC'. The
-- appearance category's settings hook keeps it; until now the choice lived only in user_settings.app_settings, so
-- it is copied from there when PostgreSQL knows the zone (pg_timezone_names), else the user keeps 'UTC'.
alter table users
  add column time_zone text not null default 'UTC' check (length(time_zone) between 1 and 64);

update users u
   set time_zone = z.name
  from user_settings s, pg_timezone_names z
 where s.user_id = u.id
   and lower(z.name) = lower(s.app_settings -> 'appearance' ->> 'timezone');
