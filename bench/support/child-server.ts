// Starts a benchmark server script in its own process and reads the port it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const NODE = path.resolve(import.meta.dirname, '../../node_modules/.bin/node');

export async function startChildServer(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
  cwd?: string,
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(NODE, [script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
    cwd,
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
  });
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
