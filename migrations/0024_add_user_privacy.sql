-- Privacy settings the catalogue enforces on every read (issue 25 item 2; decisions 0070 and 0071). The user's
-- choices live in user_settings.app_settings with the rest of their settings; these columns are their copy on the
-- user row, kept in step by the privacy category's settings hook, so that list and detail reads filter with the
-- join to users they already make instead of reading JSON.
alter table users
  add column content_audience text not null default 'everyone'
    check (content_audience in ('everyone', 'signedIn', 'nobody')),
  add column contact_audience text not null default 'everyone'
    check (contact_audience in ('everyone', 'signedIn', 'nobody')),
  add column activity_visible boolean not null default true;
