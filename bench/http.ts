// `npm run bench:http`: /healthz through the full production plugin stack vs a bare node:http server, each in
// its own process, loaded in turn by wrk on loopback. Rounds alternate between the two so that drift in the
// machine's speed hits both alike; the ratio is of the medians. Goal: at least 0.75 of the bare server's rate.
import path from 'node:path';
import { startChildServer } from './support/child-server.ts';
import { ensureWrk, runWrk } from './support/wrk.ts';

const GOAL = 0.75;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 50;

ensureWrk('bench:http needs');

const servers = [
  { name: 'bare node:http', script: 'serve-bare.ts' },
  {
    name: `lootklip /healthz on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    script: 'serve-app.ts',
  },
] as const;

const started = await Promise.all(
  servers.map(async (server) => ({
    ...server,
    process: await startChildServer(path.join(import.meta.dirname, 'support', server.script)),
    rates: [] as number[],
  })),
);
try {
  for (const server of started) {
    // Warm-up: JIT and connection set-up.
    runWrk(`http://127.0.0.1:${server.process.port}/healthz`, { seconds: 2, connections: CONNECTIONS });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const server of started) {
      const url = `http://127.0.0.1:${server.process.port}/healthz`;
      server.rates.push(runWrk(url, { seconds: SECONDS, connections: CONNECTIONS }));
    }
  }
} finally {
  await Promise.all(started.map((server) => server.process.stop()));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `bench:http  ${ROUNDS} alternating rounds of ${SECONDS} s, wrk 1 thread, ${CONNECTIONS} connections`,
);
for (const server of started) {
  const runs = server.rates.map((rate) => rate.toFixed(0)).join(', ');
  console.log(`  ${server.name.padEnd(29)} ${median(server.rates).toFixed(0)} req/s median (runs ${runs})`);
}
const ratio = median(started[1]!.rates) / median(started[0]!.rates);
console.log(`  ratio ${ratio.toFixed(2)} (goal >= ${GOAL}): ${ratio >= GOAL ? 'PASS' : 'FAIL'}`);
