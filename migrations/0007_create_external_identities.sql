-- Accounts signed in through the external OpenID Connect provider, keyed on (issuer, subject): never on the
-- e-mail address, which the provider may reuse or let a user change.
create table external_identities (
  issuer text not null,
  subject text not null,
  user_id text not null references users (id) on delete cascade,
  email text not null default '',
  created_at timestamptz not null default now(),
  primary key (issuer, subject)
);
create index external_identities_user_idx on external_identities (user_id);
