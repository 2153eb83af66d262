// `node bench/session-check.ts`: what the per-request session check costs (docs/decisions/0031). Times the bearer
// check's database read before sessions (the user's tokens_valid_after) against the one now (the live session
// row), alternating rounds on one database, and a whole authenticated GET for scale. PGlite by
// default; PostgreSQL with TEST_DATABASE_URL (a database is made and dropped).
import { performance } from 'node:perf_hooks';
import { createAuthRepository } from '../src/server/auth/auth.repository.ts';
import { createTestApp } from '../src/server/test/create-test-app.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);

const t = await createTestApp();
try {
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
  const { sid } = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sid: string };
  const { db } = t.testDatabase.database;
  const auth = createAuthRepository(db);
  // Other users' sessions, so the lookup is not on a one-row table.
  for (let i = 0; i < 200; i += 1) {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: `10.0.${Math.floor(i / 5)}.${i % 5}`,
      payload: { email: 'bench@example.in', password: 'a long bench phrase' },
    });
  }

  const before = () =>
    db.selectFrom('users').select('tokens_valid_after').where('id', '=', user.uid).executeTakeFirst();
  const after = () => auth.isSessionLive(user.uid, sid);
  const request = () =>
    t.app.inject({ url: '/api/v1/settings', headers: { authorization: `Bearer ${idToken}` } });

  const time = async (run: () => Promise<unknown>, calls: number) => {
    const start = performance.now();
    for (let i = 0; i < calls; i += 1) await run();
    return ((performance.now() - start) * 1000) / calls;
  };
  for (const run of [before, after, request]) await time(run, 200);
  const results = { before: [] as number[], after: [] as number[], request: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    results.before.push(await time(before, CALLS));
    results.after.push(await time(after, CALLS));
    results.request.push(await time(request, CALLS / 4));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `bench:session-check on ${t.testDatabase.url ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} rounds, medians in µs per call`,
  );
  console.log(`  before: user's tokens_valid_after       ${median(results.before).toFixed(1)}`);
  console.log(`  after:  the live session row            ${median(results.after).toFixed(1)}`);
  console.log(
    `  added per authenticated request         ${(median(results.after) - median(results.before)).toFixed(1)}`,
  );
  console.log(`  a whole authenticated GET (inject)      ${median(results.request).toFixed(1)}`);
} finally {
  await t.close();
}
