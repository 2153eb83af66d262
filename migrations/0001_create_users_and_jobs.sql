create extension if not exists pg_trgm;

create table users (
  id text primary key,
  email text not null,
  username text not null,
  full_name text not null default '',
  display_name text not null default '',
  bio text not null default '',
  avatar_media_id text,
  avatar_updated_at timestamptz,
  cover_media_id text,
  contact_whatsapp text not null default '',
  contact_email text not null default '',
  tokens_valid_after timestamptz not null default to_timestamp(0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create unique index users_username_key on users (username);

-- Background work (video transcoding, image variants, cleanup). Claimed with FOR UPDATE SKIP LOCKED; a job whose
-- lease ran out (its worker died) is claimed again.
create table jobs (
  id text primary key,
  type text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  run_at timestamptz not null default now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index jobs_claimable_idx on jobs (run_at) where status in ('queued', 'running');
