-- A user's activity (docs/product.md "Notifications"; decision 0077): likes, comments and replies on
-- their klips, replies to their comments, and offers ending soon on products in their Loot Box. One row per event;
-- the list groups rows by group_key (the klip's likes, the klip's comments, a comment's replies, one offer).
-- Rows go with the klip, comment, actor or recipient they are about (ON DELETE CASCADE): a deleted comment's
-- notification disappears with it, and an account's deletion leaves none behind.
create table notifications (
  id text primary key,
  recipient_id text not null references users (id) on delete cascade,
  kind text not null check (kind in ('like', 'comment', 'reply', 'offer_ending')),
  actor_id text references users (id) on delete cascade,
  klip_id text references klips (id) on delete cascade,
  comment_id text references klip_comments (id) on delete cascade,
  product_id text check (length(product_id) <= 64),
  offer_id text references offers (id) on delete cascade,
  group_key text not null check (length(group_key) <= 100),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
-- The list: a recipient's rows newest first; the groups' aggregate reads them through this index.
create index notifications_recipient_idx on notifications (recipient_id, created_at desc, id desc);
-- Marking a group read, and unliking (the like's row by recipient, actor and klip).
create index notifications_group_idx on notifications (recipient_id, group_key) where read_at is null;
create index notifications_like_idx on notifications (klip_id, actor_id) where kind = 'like';
-- At most one "offer ending" per offer per user.
create unique index notifications_offer_once_idx on notifications (recipient_id, offer_id)
  where kind = 'offer_ending';
create index notifications_actor_idx on notifications (actor_id);
create index notifications_comment_idx on notifications (comment_id) where comment_id is not null;

-- The unread count, exact and one row read however many rows a user has (decision 0077): statement triggers keep it
-- in step with every insert, read mark and delete, cascades included, in the same transaction.
create table notification_unread (
  user_id text primary key references users (id) on delete cascade,
  unread integer not null default 0 check (unread >= 0)
);

create function notifications_count_inserted() returns trigger language plpgsql as $$
begin
  insert into notification_unread (user_id, unread)
    select recipient_id, count(*) from new_rows where read_at is null group by recipient_id
  on conflict (user_id) do update set unread = notification_unread.unread + excluded.unread;
  return null;
end $$;

create function notifications_count_deleted() returns trigger language plpgsql as $$
begin
  update notification_unread u set unread = greatest(0, u.unread - d.n)
    from (select recipient_id, count(*) as n from old_rows where read_at is null group by recipient_id) d
    where u.user_id = d.recipient_id;
  return null;
end $$;

create function notifications_count_read() returns trigger language plpgsql as $$
begin
  update notification_unread u set unread = greatest(0, u.unread - d.n)
    from (select o.recipient_id, count(*) as n from old_rows o join new_rows n on n.id = o.id
          where o.read_at is null and n.read_at is not null group by o.recipient_id) d
    where u.user_id = d.recipient_id;
  return null;
end $$;

create trigger notifications_inserted after insert on notifications
  referencing new table as new_rows for each statement execute function notifications_count_inserted();
create trigger notifications_deleted after delete on notifications
  referencing old table as old_rows for each statement execute function notifications_count_deleted();
create trigger notifications_read after update on notifications
  referencing old table as old_rows new table as new_rows for each statement
  execute function notifications_count_read();
