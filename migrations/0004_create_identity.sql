-- The built-in identity provider (ARCHITECTURE.md §7): password credentials and rotating refresh tokens.
-- A refresh token is stored only as its SHA-256; every rotation keeps the family, so reuse of a rotated token
-- can revoke the whole family.
create table credentials (
  user_id text primary key references users (id) on delete cascade,
  password_hash text not null,
  updated_at timestamptz not null default now()
);

create table refresh_tokens (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  family_id text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);
create index refresh_tokens_user_idx on refresh_tokens (user_id) where revoked_at is null;
