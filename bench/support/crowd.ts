// What the crowd benchmarks share (bench/lootbox.ts, bench/klip-interactions.ts: many signed-in users at once on
// PostgreSQL): the server on the bench's database, each user's sign-up from an address of its own, the error tally
// and percentiles.
import { startChildServer } from './child-server.ts';

/** serve-crowd-app.ts on the PostgreSQL database `databaseName` (made by bench-database.ts). */
export function startCrowdServer(databaseName: string): ReturnType<typeof startChildServer> {
  const url = new URL(
    process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  url.pathname = `/${databaseName}`;
  return startChildServer(`${import.meta.dirname}/serve-crowd-app.ts`, [], {
    ...process.env,
    DATABASE_URL: url.toString(),
  });
}

/**
 * Signs up user `index` of the crowd as `{prefix}{index}`, from 10.x.y.{lastOctet} (the server trusts one proxy
 * hop); answers its token.
 */
export async function signUpCrowdUser(base: string, prefix: string, index: number, lastOctet: number) {
  const name = `${prefix}${index}`;
  const response = await fetch(`${base}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${Math.floor(index / 250) % 250}.${index % 250}.${lastOctet}`,
    },
    body: JSON.stringify({
      email: `${name}@example.in`,
      password: 'a long passphrase',
      username: name,
      fullName: name,
    }),
  });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`sign-up of ${name}: ${response.status} ${body}`);
  return (JSON.parse(body) as { data: { idToken: string } }).data.idToken;
}

export function countError(tally: { errors: Map<string, number> }, label: string): void {
  tally.errors.set(label, (tally.errors.get(label) ?? 0) + 1);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
