-- Profile editing (issue 25 item 3; decision 0074): a public phone contact beside the WhatsApp and e-mail ones, and
-- the usernames a user gave up, so that old profile links keep answering (and redirecting) for
-- USERNAME_REDIRECT_DAYS. Until then the old name stays reserved for its last owner; after that anyone may take it
-- (the check is made at read time, so a row past its days simply no longer counts).
alter table users add column contact_phone text not null default '';

create table username_history (
  username text primary key,
  user_id text not null references users (id) on delete cascade,
  changed_at timestamptz not null default now()
);
create index username_history_user_idx on username_history (user_id);
