// A Redis server of the benchmark's own (decision 0084): started on a free loopback port with the machine Redis's
// settings (nothing kept on disk), so that restarting it is a fault of this run alone, never of another test run
// using the machine's Redis at 127.0.0.1:6379. restart() stops it (SHUTDOWN NOSAVE), waits `downMs`, and starts it
// again on the same port with the same settings.
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { findFreePort } from '../../src/server/test/free-port.ts';

const REDIS_SERVER = 'redis-server';
const START_DEADLINE_MS = 10_000;

export interface PrivateRedis {
  url: string;
  /** Resolves once it is down; then once it answers PING again. Times are performance.now(). */
  restart(downMs: number): Promise<{ downAt: number; upAt: number }>;
  stop(): Promise<void>;
}

async function ping(port: number): Promise<boolean> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await findFreePort();
  let child: ChildProcess;
  const start = async () => {
    // The machine's settings (.ci/run): loopback, no snapshots, no append-only file.
    child = spawn(
      REDIS_SERVER,
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + START_DEADLINE_MS;
    while (!(await ping(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // SIGTERM: redis-server shuts down (saving nothing, as it keeps nothing).
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart(downMs) {
      await stop();
      const downAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
      return { downAt, upAt: performance.now() };
    },
    stop,
  };
}
