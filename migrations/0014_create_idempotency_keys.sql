-- One row per Idempotency-Key a signed-in user sent with a create (POST /api/v1/content): the hash of the request
-- it came with and the answer it got, written in the create's own transaction, so that a retry after a timeout or
-- a 503 gets the first answer and never makes a second row (docs/decisions/0034-overload-and-idempotency.md).
-- Keys are scoped per user; a key whose expires_at has passed may be used again, and a periodic job deletes them.
create table idempotency_keys (
  user_id text not null references users (id) on delete cascade,
  key text not null,
  request_hash text not null,
  response jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (user_id, key)
);
create index idempotency_keys_expires_idx on idempotency_keys (expires_at);
