// Runs wrk (Debian package) against a loopback URL for a fixed time and returns requests per second.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function ensureWrk(): void {
  if (fs.existsSync('/usr/bin/wrk')) return;
  if (process.getuid?.() === 0) {
    spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!fs.existsSync('/usr/bin/wrk')) {
    console.error("This benchmark needs Debian's wrk package: apt-get install -y wrk");
    process.exit(1);
  }
}

export function runWrk(
  url: string,
  options: { seconds: number; connections: number; script?: string },
): number {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  if (options.script) args.push('-s', options.script);
  const result = spawnSync('/usr/bin/wrk', [...args, url], { encoding: 'utf8' });
  const match = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout);
  if (!match) throw new Error(`wrk gave no rate:\n${result.stdout}\n${result.stderr}`);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(result.stdout);
  if (errors) throw new Error(`wrk saw ${errors[1]} error responses from ${url}`);
  return Number(match[1]);
}
