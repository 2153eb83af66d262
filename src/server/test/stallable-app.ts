// A test app whose product answers can be held back, as a database that does not answer would hold them: how the
// pages with a link preview are served without one (page-meta's test, npm run bench:page-stall).
import { createTestApp, type TestApp } from './create-test-app.ts';

export interface StallableApp extends TestApp {
  /** Holds every product answer until the returned release is called. */
  stall(): () => void;
}

export async function createStallableApp(clientDir: string): Promise<StallableApp> {
  let stalled: Promise<void> | undefined;
  const t = await createTestApp(
    { RATE_LIMIT_MAX: '100000' },
    (app) =>
      app.addHook('onRequest', async (request) => {
        if (stalled && request.url.startsWith('/api/v1/products/')) await stalled;
      }),
    undefined,
    clientDir,
  );
  return {
    ...t,
    stall() {
      let release!: () => void;
      stalled = new Promise((resolve) => (release = resolve));
      return () => {
        stalled = undefined;
        release();
      };
    },
  };
}
