-- App settings of spec §3 (only the fields a user changed; defaults fill the rest on read), and the
-- free-form /users/settings and /users/preferences objects.
create table user_settings (
  user_id text primary key references users (id) on delete cascade,
  app_settings jsonb not null default '{}'::jsonb,
  profile_settings jsonb not null default '{}'::jsonb,
  preferences jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);
