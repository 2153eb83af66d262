-- One row per signed-in session: a refresh-token family, begun by a sign-in (password or external) and kept by
-- its rotations. ID tokens carry the session's id (their `sid` claim), and every authenticated request reads the
-- session's row, so a session revoked here (sign-out, refresh-token reuse, sign-out everywhere) refuses its ID
-- tokens at once on every instance (docs/decisions/0031-sessions-and-throttling.md).
create table sessions (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_id) where revoked_at is null;

-- The families that exist already become sessions; a family whose every token is revoked is a revoked session.
insert into sessions (id, user_id, expires_at, revoked_at, created_at)
select
  family_id,
  min(user_id),
  max(expires_at),
  case when bool_and(revoked_at is not null) then max(revoked_at) end,
  min(created_at)
from refresh_tokens
group by family_id;

alter table refresh_tokens
  add constraint refresh_tokens_family_fk foreign key (family_id) references sessions (id) on delete cascade;
