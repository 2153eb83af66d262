-- Jobs ready for real work (decision 0027): a dedupe key so the same work is never queued twice (unique only
-- among live jobs, so a finished job's key can be queued again later), and an index for clearing finished jobs.
alter table jobs add column dedupe_key text;
create unique index jobs_dedupe_key_live_idx on jobs (dedupe_key) where status in ('queued', 'running');
create index jobs_finished_idx on jobs (updated_at) where status in ('done', 'failed');
