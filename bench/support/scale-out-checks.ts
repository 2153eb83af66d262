// What `npm run bench:scale-out` checks in PostgreSQL once the load has stopped (decision 0084): every acknowledged
// write is there (products, comments, likes, Loot Box saves, klips), no Idempotency-Key made two products, no klip
// is left processing, and the stored counters equal their rows.
import pg from 'pg';
import type { Ledger, VirtualUser } from './scale-out-load.ts';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** The klips of `ids` still processing: polled until none is or the deadline passes. */
export async function waitForKlipsToSettle(
  databaseUrl: string,
  ids: string[],
  deadlineMs: number,
): Promise<{ processing: string[]; waitedMs: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const startedAt = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ id: string }>(
        `select id from klips where id = any($1) and status = 'processing'`,
        [ids],
      );
      const waitedMs = performance.now() - startedAt;
      if (rows.length === 0 || waitedMs > deadlineMs)
        return { processing: rows.map((row) => row.id), waitedMs };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

export async function checkDatabase(
  databaseUrl: string,
  ledger: Ledger,
  users: VirtualUser[],
  runId: string,
): Promise<CheckResult[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const results: CheckResult[] = [];
  try {
    // Products: each acknowledged id stored; each key made at most one.
    const { rows: products } = await client.query<{ id: string; name: string }>(
      `select id, name from products where name like $1`,
      [`Scale-out ${runId}-%`],
    );
    const productIds = new Set(products.map((row) => row.id));
    const lostProducts = [...ledger.products.values()].filter((id) => !productIds.has(id));
    const perKey = new Map<string, number>();
    for (const row of products) perKey.set(row.name, (perKey.get(row.name) ?? 0) + 1);
    const doubled = [...perKey.values()].filter((count) => count > 1).length;
    const unacknowledged = products.length - ledger.products.size - doubled;
    results.push({
      name: 'product creates',
      ok: lostProducts.length === 0 && doubled === 0,
      detail: `sent ${ledger.productCreatesSent}, acknowledged ${ledger.products.size}, lost ${lostProducts.length}, keys that made two ${doubled}, stored but never acknowledged ${unacknowledged}${lostProducts.length ? ` (lost: ${lostProducts.slice(0, 5).join(', ')})` : ''}`,
    });

    const { rows: comments } = await client.query<{ id: string }>(
      `select id from klip_comments where id = any($1)`,
      [[...ledger.comments]],
    );
    const lostComments = ledger.comments.size - comments.length;
    const { rows: runComments } = await client.query<{ count: string }>(
      `select count(*) from klip_comments where content like $1`,
      [`Comment ${runId} %`],
    );
    results.push({
      name: 'comments',
      ok: lostComments === 0,
      detail: `sent ${ledger.commentsSent}, acknowledged ${ledger.comments.size}, lost ${lostComments}, stored but never acknowledged ${Number(runComments[0]!.count) - comments.length}`,
    });

    // Likes: the pairs whose last toggle was answered must be as it said.
    const { rows: likes } = await client.query<{ user_id: string; klip_id: string }>(
      `select user_id, klip_id from klip_likes where user_id = any($1)`,
      [users.map((user) => user.uid)],
    );
    const stored = new Set(likes.map((row) => `${row.user_id} ${row.klip_id}`));
    let known = 0;
    let wrong = 0;
    for (const [key, state] of ledger.likes) {
      if (!state.known) continue;
      known += 1;
      if (stored.has(key) !== state.liked) wrong += 1;
    }
    results.push({
      name: 'likes',
      ok: wrong === 0,
      detail: `toggles sent ${ledger.likesSent}; ${known} user-klip pairs whose last toggle was answered, ${wrong} not as answered (lost); ${ledger.likes.size - known} left unknown by an unanswered last toggle`,
    });

    // Loot Boxes: the version and items of the last answered save (or read).
    let boxesKnown = 0;
    let boxesWrong = 0;
    for (const user of users) {
      if (!user.lootbox.known) continue;
      boxesKnown += 1;
      const { rows: box } = await client.query<{ version: number }>(
        `select version from lootboxes where id = $1`,
        [user.lootbox.id],
      );
      const { rows: items } = await client.query<{ product_id: string; quantity: number }>(
        `select product_id, quantity from lootbox_items where lootbox_id = $1`,
        [user.lootbox.id],
      );
      const same =
        box[0]?.version === user.lootbox.version &&
        items.length === user.lootbox.items.size &&
        items.every((item) => user.lootbox.items.get(item.product_id) === item.quantity);
      if (!same) boxesWrong += 1;
    }
    results.push({
      name: 'Loot Box saves',
      ok: boxesWrong === 0,
      detail: `sent ${ledger.lootboxSavesSent}, acknowledged ${ledger.lootboxSavesAcknowledged}; ${boxesKnown} boxes whose last save was answered, ${boxesWrong} not as answered`,
    });

    const { rows: klips } = await client.query<{ id: string; status: string }>(
      `select id, status from klips where id = any($1)`,
      [[...ledger.klips.keys()]],
    );
    const byStatus = new Map<string, number>();
    for (const row of klips) byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);
    const lostKlips = ledger.klips.size - klips.length;
    results.push({
      name: 'klips',
      ok: lostKlips === 0 && !byStatus.has('processing'),
      detail: `acknowledged ${ledger.klips.size}, lost ${lostKlips}; ${[...byStatus].map(([status, count]) => `${status} ${count}`).join(', ')}`,
    });

    // Counters against their rows, over the whole database.
    const { rows: likeCounters } = await client.query<{ id: string }>(
      `select k.id from klips k
        where k.likes <> (select count(*) from klip_likes l where l.klip_id = k.id)
           or k.comment_count <> (select count(*) from klip_comments c where c.klip_id = k.id)`,
    );
    const { rows: replyCounters } = await client.query<{ id: string }>(
      `select c.id from klip_comments c
        where c.reply_count <> (select count(*) from klip_comments r where r.parent_comment_id = c.id)`,
    );
    const { rows: productCounters } = await client.query<{ scope: string }>(
      `with truth (scope, count) as (
         select 'all', count(*) from products where status = 'active'
         union all select 'root:' || category_root, count(*) from products where status = 'active' group by category_root
         union all select 'category:' || category, count(*) from products
           where status = 'active' and category <> category_root group by category
         union all select 'owner:' || owner_id, count(*) from products where status = 'active' group by owner_id)
       select coalesce(t.scope, pc.scope) as scope from truth t full join product_counts pc on pc.scope = t.scope
        where coalesce(t.count, 0) <> coalesce(pc.count, 0)`,
    );
    const { rows: totals } = await client.query<{ klips: string; likes: string; comments: string }>(
      `select (select count(*) from klips) as klips, (select count(*) from klip_likes) as likes,
              (select count(*) from klip_comments) as comments`,
    );
    results.push({
      name: 'counters',
      ok: likeCounters.length === 0 && replyCounters.length === 0 && productCounters.length === 0,
      detail: `klips whose likes or comment count differ from their rows: ${likeCounters.length} (of ${totals[0]!.klips}; ${totals[0]!.likes} likes, ${totals[0]!.comments} comments); reply counts off: ${replyCounters.length}; product count scopes off: ${productCounters.length}${
        productCounters.length
          ? ` (${productCounters
              .slice(0, 5)
              .map((row) => row.scope)
              .join(', ')})`
          : ''
      }`,
    });
  } finally {
    await client.end();
  }
  return results;
}
