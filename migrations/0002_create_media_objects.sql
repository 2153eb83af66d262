-- Every stored image or video, by the keys of its stored bytes. A row is written only after all its bytes are
-- stored; a video row is 'processing' until its transcode job has stored the MP4 and the poster.
create table media_objects (
  id text primary key,
  owner_id text references users (id) on delete set null,
  kind text not null check (kind in ('image', 'video')),
  status text not null check (status in ('ready', 'processing', 'failed')),
  width integer,
  height integer,
  duration_ms integer,
  variants jsonb not null default '[]'::jsonb,
  poster jsonb,
  source_key text,
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index media_objects_owner_idx on media_objects (owner_id, created_at desc) where owner_id is not null;
-- The transcode worker and clean-up find unfinished videos by status.
create index media_objects_unfinished_idx on media_objects (created_at) where status <> 'ready';
