// A Lootklip process (the server or the job worker) as a child on the project's Node: its output kept (the end of it
// in memory, for errors; all of it in a log file when given), waited for, signalled and stopped. The browser tests'
// server and the scale-out shape's instances and worker (scripts/scale-out.ts) start through it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const POLL_INTERVAL_MS = 100;
/** After SIGTERM, how long a process may finish its requests and jobs before SIGKILL. */
const STOP_DEADLINE_MS = 10_000;
/** The end of the output kept in memory, for the message of a process that failed to start. */
const KEPT_OUTPUT_CHARS = 64 * 1024;

export interface AppProcess {
  readonly child: ChildProcess;
  /** The end of what the process wrote to stdout and stderr. */
  output(): string;
  /**
   * Resolves once `{url}/readyz` answers 200: the port answers from the process's first moment, /healthz included,
   * while the database migrates (src/server/startup/startup-server.ts).
   */
  waitForReady(url: string, deadlineMs: number): Promise<void>;
  /** Resolves once the output holds `text` (a process without a port: the worker's "worker started"). */
  waitForOutput(text: string, deadlineMs: number): Promise<void>;
  /** Sends `signal` and resolves once the process has exited (at once for SIGSTOP and SIGCONT, which end nothing). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited within STOP_DEADLINE_MS; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts `script` (relative to the checkout) with exactly `env`; appends its output to `logFile` when given. */
export function startAppProcess(
  script: string,
  { env, logFile }: { env: NodeJS.ProcessEnv; logFile?: string },
): AppProcess {
  const child = spawn(NODE, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
  let kept = '';
  const keep = (chunk: Buffer) => {
    kept = (kept + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
    log?.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => log?.end());
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  async function waitFor(isDone: () => Promise<boolean>, what: string, deadlineMs: number): Promise<void> {
    const deadline = Date.now() + deadlineMs;
    while (Date.now() < deadline) {
      if (hasExited()) {
        throw new Error(`${script} exited (${child.exitCode ?? child.signalCode}) before ${what}:\n${kept}`);
      }
      if (await isDone()) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
    throw new Error(`${script}: no ${what} within ${deadlineMs} ms:\n${kept}`);
  }

  async function kill(signal: NodeJS.Signals): Promise<void> {
    if (hasExited()) return;
    child.kill(signal);
    if (signal !== 'SIGSTOP' && signal !== 'SIGCONT') await exited;
  }

  return {
    child,
    output: () => kept,
    waitForReady: (url, deadlineMs) =>
      waitFor(
        () =>
          fetch(`${url}/readyz`).then(
            (response) => response.status === 200,
            () => false,
          ),
        `readiness (${url}/readyz)`,
        deadlineMs,
      ),
    waitForOutput: (text, deadlineMs) =>
      waitFor(async () => kept.includes(text), `"${text}" in its output`, deadlineMs),
    kill,
    async stop() {
      if (hasExited()) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_DEADLINE_MS);
      await kill('SIGTERM');
      clearTimeout(timer);
    },
  };
}
