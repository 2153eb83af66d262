-- The media sweep in three steps (decision 0027): a short transaction marks an unreferenced row `deleting_at`,
-- its files are deleted outside any transaction, a second short statement deletes the row. A marked row is never
-- handed out again (product images, avatars, covers check it), and one left marked by a crash is finished by the
-- next sweep.
alter table media_objects add column deleting_at timestamptz;

-- The sweep asks, for every row, whether any reference column points at it (`not exists`), and for every key of
-- a row it removes whether another row lists that key too. Without these each question scans a whole table.
create index users_avatar_media_idx on users (avatar_media_id) where avatar_media_id is not null;
create index users_cover_media_idx on users (cover_media_id) where cover_media_id is not null;
create index media_objects_source_key_idx on media_objects (source_key) where source_key is not null;
create index media_objects_poster_key_idx on media_objects ((poster ->> 'key')) where poster is not null;
create index media_objects_variants_idx on media_objects using gin (variants jsonb_path_ops);
