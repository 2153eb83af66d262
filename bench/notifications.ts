// `node bench/notifications.ts` (npm run bench:notifications): the unread count of a user with 100 000
// notifications against a product page read in the same run (docs/decisions/0077: the count is one row kept by
// triggers), alternating rounds on one database, as ratios. PGlite by default; PostgreSQL with TEST_DATABASE_URL.
// Not measured here yet: 1 000 open streams' memory and like delivery p95 under a crowd (decision 0078).
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createTestApp } from '../src/server/test/create-test-app.ts';
import { fillProducts } from './support/bench-database.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 100_000);

const t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
try {
  const { database } = t.testDatabase;
  await fillProducts(database, 200);
  const product = await database.db.selectFrom('products').select('id').limit(1).executeTakeFirstOrThrow();
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    payload: {
      email: 'bench@example.in',
      password: 'a long bench phrase',
      username: 'bench',
      fullName: 'Bench',
    },
  });
  const { idToken, user } = signUp.json().data as { idToken: string; user: { uid: string } };
  const klip = 'bench-klip';
  await database.db
    .insertInto('klips')
    .values({ id: klip, owner_id: user.uid, status: 'active', title: 'Bench' })
    .execute();
  const actor = (
    await database.db.selectFrom('users').select('id').where('id', '<>', user.uid).executeTakeFirstOrThrow()
  ).id;
  const started = performance.now();
  await sql`insert into notifications (id, recipient_id, kind, actor_id, klip_id, group_key, created_at)
    select 'bench-' || n, ${user.uid}, 'like', ${actor}, ${klip}, 'like:' || ${klip} || ':' || (n % 1000),
      now() - n * interval '1 second'
    from generate_series(1, ${NOTIFICATIONS}) as n`.execute(database.db);
  const fillMs = performance.now() - started;
  const headers = { authorization: `Bearer ${idToken}` };
  const count = () => t.app.inject({ url: '/api/v1/notifications/unread-count', headers });
  const productRead = () => t.app.inject({ url: `/api/v1/products/${product.id}` });
  const check = (await count()).json() as { unreadCount: number };
  if (check.unreadCount !== NOTIFICATIONS)
    throw new Error(`unread ${check.unreadCount}, not ${NOTIFICATIONS}`);
  if ((await productRead()).statusCode !== 200) throw new Error('the product read failed');

  const time = async (run: () => Promise<unknown>, calls: number) => {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) await run();
    return ((performance.now() - start) * 1000) / calls;
  };
  for (const run of [count, productRead]) await time(run, 100);
  const results = { count: [] as number[], product: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    results.count.push(await time(count, CALLS));
    results.product.push(await time(productRead, CALLS));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `bench:notifications on ${t.testDatabase.url ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} rounds, medians in µs per request`,
  );
  console.log(
    `  ${NOTIFICATIONS} notifications written in ${fillMs.toFixed(0)} ms (the unread triggers included)`,
  );
  console.log(`  GET /notifications/unread-count   ${median(results.count).toFixed(1)}`);
  console.log(`  GET /products/{id}                ${median(results.product).toFixed(1)}`);
  console.log(
    `  ratio count / product read        ${(median(results.count) / median(results.product)).toFixed(2)} (goal <= 2)`,
  );
} finally {
  await t.close();
}
