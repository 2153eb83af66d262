// Runs wrk (Debian package) against a loopback URL for a fixed time and returns requests per second.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDebianPackage } from '../../scripts/ensure-debian-package.ts';

const execFileAsync = promisify(execFile);

export const WRK = '/usr/bin/wrk';

export function ensureWrk(purpose: string): void {
  ensureDebianPackage(WRK, 'wrk', purpose);
}

export function runWrk(
  url: string,
  options: { seconds: number; connections: number; script?: string },
): number {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  if (options.script) args.push('-s', options.script);
  const result = spawnSync(WRK, [...args, url], { encoding: 'utf8' });
  const match = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout);
  if (!match) throw new Error(`wrk gave no rate:\n${result.stdout}\n${result.stderr}`);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(result.stdout);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses from ${url}`);
  return Number(match[1]);
}

const LATENCY_SCRIPT = `
done = function(summary, latency, requests)
  io.write(string.format("P95 %d\\nP99 %d\\n", latency:percentile(95), latency:percentile(99)))
end
`;

export interface WrkStats {
  rps: number;
  p95Ms: number;
  p99Ms: number;
}

/**
 * Like runWrk, with the 95th and 99th latency percentiles (wrk reports them in microseconds). Asynchronous, so that
 * a server in this same process keeps answering while wrk runs.
 */
export async function measureWrk(
  url: string,
  options: { seconds: number; connections: number },
): Promise<WrkStats> {
  const script = path.join(os.tmpdir(), `lootklip-wrk-latency-${process.pid}.lua`);
  fs.writeFileSync(script, LATENCY_SCRIPT);
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '-s', script, url];
  const result = await execFileAsync(WRK, args, { encoding: 'utf8' });
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout)?.[1];
  const p95 = /P95 (\d+)/.exec(result.stdout)?.[1];
  const p99 = /P99 (\d+)/.exec(result.stdout)?.[1];
  if (!rps || !p95 || !p99) throw new Error(`wrk gave no numbers:\n${result.stdout}\n${result.stderr}`);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(result.stdout);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses from ${url}`);
  return { rps: Number(rps), p95Ms: Number(p95) / 1000, p99Ms: Number(p99) / 1000 };
}

/** measureWrk after a one-second warm-up run, whose figures are thrown away. */
export async function measureWarm(
  url: string,
  options: { seconds: number; connections: number },
): Promise<WrkStats> {
  await measureWrk(url, { seconds: 1, connections: options.connections });
  return measureWrk(url, options);
}

/** One bench line: the label, then requests per second and the latency percentiles. */
export function printStats(label: string, stats: WrkStats, labelWidth: number): void {
  console.log(
    `  ${label.padEnd(labelWidth)} ${stats.rps.toFixed(0).padStart(6)} req/s   p95 ${stats.p95Ms.toFixed(2).padStart(6)} ms   p99 ${stats.p99Ms.toFixed(2).padStart(6)} ms`,
  );
}

export const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');
