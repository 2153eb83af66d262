-- Password reset links (issue 16 item 5; docs/decisions/0045-password-reset.md). A link carries a random token; only
-- its SHA-256 is stored here, never the token. A link works once (used_at) and until expires_at (30 minutes). Using
-- one marks every other open link of the account used too.
create table password_resets (
  token_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_resets_user_idx on password_resets (user_id);
