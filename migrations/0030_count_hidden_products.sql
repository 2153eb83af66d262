-- List totals that match what each reader can page through (decision 0071, amended): product_counts keeps every
-- active product per scope; product_hidden_counts keeps, per scope, those whose seller's whoCanSeeMyContent is not
-- 'everyone', by that audience. A reader's total is the scope's count less the hidden ones they may not see. Only the
-- shop's scopes (all, a top-level category, a category): one creator's total reads the creator's audience itself.
create table product_hidden_counts (
  scope text not null,
  audience text not null check (audience in ('signedIn', 'nobody')),
  count bigint not null default 0 check (count >= 0),
  primary key (scope, audience)
);

insert into product_hidden_counts (scope, audience, count)
  select s.scope, u.content_audience, count(*)
  from products p
  join users u on u.id = p.owner_id
  cross join lateral (values ('all'), ('root:' || p.category_root),
    (case when p.category <> p.category_root then 'category:' || p.category end)) as s (scope)
  where p.status = 'active' and u.content_audience <> 'everyone' and s.scope is not null
  group by s.scope, u.content_audience;

-- A change of a user's audience moves their products between the hidden counts in the same transaction, whatever
-- wrote it (the privacy settings today). Rows are changed one at a time in (scope, audience) order, the order a
-- product's write takes them in, so that two such transactions never wait on each other in a cycle. A product's
-- write locks its seller's row (FOR SHARE) before it reads the audience, so it is counted under the audience this
-- move leaves, never lost between the two.
create function product_hidden_counts_move() returns trigger language plpgsql as $$
declare
  step record;
begin
  for step in
    select s.scope, a.audience, a.sign * count(*) as delta
    from products p
    cross join lateral (values ('all'), ('root:' || p.category_root),
      (case when p.category <> p.category_root then 'category:' || p.category end)) as s (scope)
    cross join (values (old.content_audience, -1), (new.content_audience, 1)) as a (audience, sign)
    where p.owner_id = new.id and p.status = 'active' and s.scope is not null and a.audience <> 'everyone'
    group by s.scope, a.audience, a.sign
    order by s.scope, a.audience
  loop
    insert into product_hidden_counts (scope, audience, count) values (step.scope, step.audience, greatest(step.delta, 0))
    on conflict (scope, audience) do update set count = product_hidden_counts.count + step.delta;
  end loop;
  return null;
end $$;

create trigger users_content_audience_moved after update of content_audience on users
  for each row
  when (old.content_audience is distinct from new.content_audience)
  execute function product_hidden_counts_move();
