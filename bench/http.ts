// `npm run bench:http`: /healthz through the full production plugin stack vs a bare node:http server, each in
// its own process, loaded in turn by wrk on loopback. Goal: at least 0.75 of the bare server's rate.
import path from 'node:path';
import { startChildServer } from './support/child-server.ts';
import { ensureWrk, runWrk } from './support/wrk.ts';

const GOAL = 0.75;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

ensureWrk();

async function measure(script: string): Promise<number> {
  const server = await startChildServer(path.join(import.meta.dirname, 'support', script));
  try {
    const url = `http://127.0.0.1:${server.port}/healthz`;
    runWrk(url, { seconds: 2, connections: CONNECTIONS }); // warm-up: JIT and connection set-up
    return runWrk(url, { seconds: SECONDS, connections: CONNECTIONS });
  } finally {
    await server.stop();
  }
}

const bare = await measure('serve-bare.ts');
const app = await measure('serve-app.ts');
const ratio = app / bare;
console.log(`bare node:http   ${bare.toFixed(0)} req/s`);
console.log(`lootklip /healthz ${app.toFixed(0)} req/s`);
console.log(`ratio ${ratio.toFixed(2)} (goal >= ${GOAL}): ${ratio >= GOAL ? 'PASS' : 'FAIL'}`);
