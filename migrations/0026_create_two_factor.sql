-- Two-factor sign-in with an authenticator app (issue 25 item 4; decision 0075). The TOTP secret is stored
-- encrypted (AES-256-GCM under a key derived from the signing key); a row without confirmed_at is a setup not yet
-- confirmed with a first code. last_used_step is the replay guard: a code whose time step is not after it is
-- refused. Recovery codes and sign-in challenges are stored as their SHA-256.
create table two_factor_secrets (
  user_id text primary key references users (id) on delete cascade,
  secret_encrypted text not null,
  confirmed_at timestamptz,
  last_used_step integer,
  created_at timestamptz not null default now()
);

create table two_factor_recovery_codes (
  user_id text not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- The second step of a password sign-in: bound to the user, short-lived, used once.
create table two_factor_challenges (
  token_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index two_factor_challenges_user_idx on two_factor_challenges (user_id);
