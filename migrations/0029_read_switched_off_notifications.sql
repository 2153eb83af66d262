-- A notification kind switched off in the settings (docs/product.md "Notifications"; decision 0077, amended) stops
-- counting at once: the settings write marks that kind's unread rows read in its own transaction, so the unread row
-- (kept by 0027's triggers) never counts what the list leaves out. The switches are the notifications category's
-- likes, comments, replies and offerEndings (src/shared/contracts/settings.ts); absent means on (the default).
create function notifications_read_switched_off() returns trigger language plpgsql as $$
begin
  update notifications n set read_at = now()
    from (values ('like', 'likes'), ('comment', 'comments'), ('reply', 'replies'),
                 ('offer_ending', 'offerEndings')) as k (kind, switch)
    where n.recipient_id = new.user_id and n.read_at is null and n.kind = k.kind
      and new.app_settings -> 'notifications' -> k.switch = 'false'::jsonb;
  return null;
end $$;

create trigger user_settings_notifications_switched after update of app_settings on user_settings
  for each row
  when (new.app_settings -> 'notifications' is distinct from old.app_settings -> 'notifications')
  execute function notifications_read_switched_off();
