// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver has no types; every tsconfig importing this file needs them
/// <reference path="../src/server/storage/s3rver.d.ts" />
// The scale-out shape of compose.yaml on this machine (decision 0084): a fresh database on the local PostgreSQL (or a
// given one), the local Redis, s3rver in a temporary directory, two app instances and one job worker as children
// (JOBS_IN_PROCESS=false), and Debian's nginx in front; all on loopback, all stopped and removed by stop(), also on
// Ctrl-C. `npm run scale-out` starts it by hand (with the demo marketplace unless --no-seed) and waits for Ctrl-C.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import S3rver from 's3rver';
import { ulid } from 'ulid';
import { findFreePort } from '../src/server/test/free-port.ts';
import { dropLeftoverDatabases, queryServer } from '../src/server/test/server-databases.ts';
import { startAppProcess, type AppProcess } from './app-process.ts';
import { buildClientIfStale } from './build-client.ts';
import { startNginxBalancer } from './nginx-balancer.ts';

/** Where a fresh database is created (and dropped): this machine's PostgreSQL, trust auth. */
const ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = 'redis://127.0.0.1:6379';
const DATABASE_PREFIX = 'lootklip_scaleout_';
/** Older than this, a database of this prefix belongs to a run that was killed before its stop(). */
const LEFTOVER_AGE_MS = 6 * 60 * 60 * 1000;
/** Three processes migrating and starting at once on a loaded 2-core machine. */
const START_DEADLINE_MS = 180_000;
/** The demo seed draws and stores some 200 images through the real pipeline: minutes on a busy 2-core machine. */
const SEED_DEADLINE_MS = 15 * 60_000;
const S3_BUCKET = 'lootklip-media';
/** s3rver's fixed credentials. */
const S3_KEY = 'S3RVER';
/** The worker's line once it listens for jobs (src/server/worker.ts), as LOG_FORMAT=json writes it. */
const WORKER_STARTED = '"msg":"worker started"';

export interface ScaleOutOptions {
  /** A database to use as it is (never dropped); by default a fresh one on this machine's PostgreSQL. */
  databaseUrl?: string;
  redisUrl?: string;
  /** The demo marketplace: instance A starts first and seeds it, then B starts. */
  seedDemo?: boolean;
  /** More environment for the instances and the worker, over the shape's own. */
  env?: Record<string, string>;
  /** Progress lines (the build of the client among them); silent without. */
  log?: (line: string) => void;
}

export interface ScaleOutProcess {
  readonly pid: number | undefined;
  /** Sends the signal (SIGTERM by default) and resolves once the process has exited (SIGSTOP: at once). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the process if it still runs, starts it again as before and resolves once it is ready. */
  restart(): Promise<void>;
}

export interface ScaleOutInstance extends ScaleOutProcess {
  name: 'A' | 'B';
  url: string;
}

export interface ScaleOut {
  balancerUrl: string;
  instances: [ScaleOutInstance, ScaleOutInstance];
  worker: ScaleOutProcess;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; directory: string };
  databaseUrl: string;
  redisUrl: string;
  /** instance-a.log, instance-b.log and worker.log (JSON lines), and nginx/ with the balancer's logs. */
  logDir: string;
  stop(): Promise<void>;
}

const adminQuery = (text: string) => queryServer(ADMIN_DATABASE_URL, text);

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  await dropLeftoverDatabases(ADMIN_DATABASE_URL, DATABASE_PREFIX, LEFTOVER_AGE_MS);
  const name = `${DATABASE_PREFIX}${ulid().toLowerCase()}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => void (await adminQuery(`drop database if exists ${name} with (force)`)),
  };
}

/** Distinct free loopback ports. */
async function findFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await findFreePort());
  return [...ports];
}

/** One private key for every instance: a token one signs, the other accepts (decision 0009). */
async function createSigningKey(): Promise<string> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return JSON.stringify(await exportJWK(privateKey));
}

/** A child that can be killed and started again as before; `ready` says when a start is done. */
function manageProcess(
  script: string,
  options: { env: NodeJS.ProcessEnv; logFile: string },
  ready: (child: AppProcess) => Promise<void>,
) {
  let current = startAppProcess(script, options);
  return {
    get pid() {
      return current.child.pid;
    },
    ready: () => ready(current),
    kill: (signal: NodeJS.Signals = 'SIGTERM') => current.kill(signal),
    async restart() {
      await current.stop();
      current = startAppProcess(script, options);
      await ready(current);
    },
    stop: () => current.stop(),
  };
}

export async function startScaleOut(options: ScaleOutOptions = {}): Promise<ScaleOut> {
  const log = options.log ?? (() => {});
  const cleanups: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      for (const cleanup of cleanups.reverse()) {
        await cleanup().catch((error: unknown) => console.error(`scale-out: stopping: ${String(error)}`));
      }
    })());
  function onSignal(signal: NodeJS.Signals) {
    void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  }
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    buildClientIfStale({ quiet: !options.log });
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-scale-out-'));
    cleanups.push(async () => fs.rmSync(runDir, { recursive: true, force: true }));
    const logDir = path.join(runDir, 'logs');
    fs.mkdirSync(logDir);

    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const database = await createDatabase();
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    log(`Database: ${databaseUrl}`);

    const s3Dir = path.join(runDir, 's3');
    fs.mkdirSync(s3Dir);
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: S3_BUCKET }],
    });
    const { port: s3Port } = await s3rver.run();
    cleanups.push(() => s3rver.close());
    const s3 = {
      endpoint: `http://127.0.0.1:${s3Port}`,
      bucket: S3_BUCKET,
      accessKeyId: S3_KEY,
      secretAccessKey: S3_KEY,
      directory: s3Dir,
    };

    const [balancerPort, portA, portB] = (await findFreePorts(3)) as [number, number, number];
    const balancerUrl = `http://127.0.0.1:${balancerPort}`;
    const redisUrl = options.redisUrl ?? REDIS_URL;
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: balancerUrl,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      JOBS_IN_PROCESS: 'false',
      TRUST_PROXY_HOPS: '1',
      AUTH_SIGNING_KEY: await createSigningKey(),
      SEED_DEMO: 'false',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      ...options.env,
    };
    const dataDir = (name: string) => {
      const dir = path.join(runDir, name);
      fs.mkdirSync(dir);
      return dir;
    };

    // Stopped together: each instance's drain (SHUTDOWN_DRAIN_MS) runs beside the others'.
    const processes: { stop(): Promise<void> }[] = [];
    cleanups.push(async () => void (await Promise.all(processes.map((managed) => managed.stop()))));
    const startInstance = (name: 'A' | 'B', port: number, seedDemo: boolean) => {
      const url = `http://127.0.0.1:${port}`;
      const env = {
        ...shared,
        PORT: String(port),
        DATA_DIR: dataDir(`instance-${name.toLowerCase()}`),
        ...(seedDemo && { SEED_DEMO: 'true' }),
      };
      const logFile = path.join(logDir, `instance-${name.toLowerCase()}.log`);
      const managed = manageProcess('src/server/index.ts', { env, logFile }, (child) =>
        child.waitForReady(url, seedDemo ? SEED_DEADLINE_MS : START_DEADLINE_MS),
      );
      processes.push(managed);
      return { name, url, managed };
    };

    log('Starting the worker and the instances (migrating the database)...');
    const worker = manageProcess(
      'src/server/worker.ts',
      { env: { ...shared, DATA_DIR: dataDir('worker') }, logFile: path.join(logDir, 'worker.log') },
      (child) => child.waitForOutput(WORKER_STARTED, START_DEADLINE_MS),
    );
    processes.push(worker);
    const a = startInstance('A', portA, options.seedDemo === true);
    // The seed's emptiness check takes no lock: two instances could both seed an empty database (decision 0084).
    if (options.seedDemo) {
      log(
        `Instance A seeds the demo marketplace first (a minute or two; ${path.join(logDir, 'instance-a.log')})...`,
      );
      await a.managed.ready();
    }
    const b = startInstance('B', portB, false);
    await Promise.all([worker.ready(), a.managed.ready(), b.managed.ready()]);

    const balancer = await startNginxBalancer({
      dir: path.join(logDir, 'nginx'),
      port: balancerPort,
      upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
    });
    cleanups.push(balancer.stop);
    const readyThroughBalancer = await fetch(`${balancerUrl}/readyz`).then((response) => response.status);
    if (readyThroughBalancer !== 200)
      throw new Error(`the balancer's /readyz answered ${readyThroughBalancer}`);

    const toInstance = ({ name, url, managed }: ReturnType<typeof startInstance>): ScaleOutInstance => ({
      name,
      url,
      get pid() {
        return managed.pid;
      },
      kill: managed.kill,
      restart: managed.restart,
    });
    return {
      balancerUrl,
      instances: [toInstance(a), toInstance(b)],
      worker: {
        get pid() {
          return worker.pid;
        },
        kill: worker.kill,
        restart: worker.restart,
      },
      s3,
      databaseUrl,
      redisUrl,
      logDir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.main) {
  const startedAt = performance.now();
  const shape = await startScaleOut({
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    seedDemo: !process.argv.includes('--no-seed'),
    log: console.log,
  });
  const [a, b] = shape.instances;
  console.log(
    [
      `The scale-out shape is running (started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s):`,
      `  load balancer  ${shape.balancerUrl}   (nginx, in front of both instances)`,
      `  instance A     ${a.url}   (pid ${a.pid})`,
      `  instance B     ${b.url}   (pid ${b.pid})`,
      `  worker         pid ${shape.worker.pid}`,
      `  S3 (s3rver)    ${shape.s3.endpoint}   bucket ${shape.s3.bucket}`,
      `  PostgreSQL     ${shape.databaseUrl}`,
      `  Redis          ${shape.redisUrl}`,
      `  logs           ${shape.logDir}`,
      'Ctrl-C stops everything and removes its data.',
    ].join('\n'),
  );
}
