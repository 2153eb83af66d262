import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Node's compile cache (V8 code of every module Node loads itself: the dependencies) shared by the test workers,
// each of which loads them again for its test file (decision 0068).
process.env.NODE_COMPILE_CACHE ??= path.resolve(import.meta.dirname, 'tmp/node-compile-cache');

// One runner, four projects: pure rules and the server on node, the client in jsdom, and browser tests
// driving Debian Chromium against the built app.
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
    ],
  },
});
