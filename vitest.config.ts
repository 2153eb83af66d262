import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Node's compile cache (V8 code of every module Node loads itself: the dependencies) shared by the test workers,
// each of which loads them again for its test file (decision 0068).
process.env.NODE_COMPILE_CACHE ??= path.resolve(import.meta.dirname, 'tmp/node-compile-cache');

// The scale-out suite needs this machine's PostgreSQL and Redis and Debian's nginx, and starts two instances, a
// worker and a balancer: it runs only when named (`npm run test:scale-out`, as CI does), never in a plain `npm test`
// (decision 0084).
const SCALE_OUT_NAMED = process.argv.some(
  (arg, index, args) =>
    arg === '--project=scale-out' || (arg === 'scale-out' && args[index - 1] === '--project'),
);

// One runner, four projects: pure rules and the server on node, the client in jsdom, and browser tests
// driving Debian Chromium against the built app; a fifth, scale-out, when named.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The migrated template every test file's database starts from (decision 0068).
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
          // Typing and lazy route modules in jsdom are slow on a busy 2-core machine; tests wait on conditions.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      ...(SCALE_OUT_NAMED
        ? [
            {
              test: {
                name: 'scale-out',
                environment: 'node',
                include: ['tests/scale-out/**/*.test.ts'],
                globalSetup: ['tests/scale-out/support/global-setup.ts'],
                fileParallelism: false,
                // A klip's transcode by the worker, on a 2-core machine that runs five processes.
                testTimeout: 120_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});
