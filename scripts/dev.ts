// `npm run dev`: the API on port 3001 reloading on change, and Vite on 3000 proxying to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_PORT = process.env.API_PORT ?? '3001';
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

const children = [
  spawn(bin('node'), ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/index.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: API_PORT, HOST: '127.0.0.1' },
  }),
  spawn(bin('vite'), ['--port', process.env.PORT ?? '3000'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_PORT },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
