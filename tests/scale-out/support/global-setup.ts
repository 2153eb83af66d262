// Once per run of the scale-out suite: the whole shape started (scripts/scale-out.ts), its addresses given to the test
// files, and everything stopped and removed at the end.
import type { TestProject } from 'vitest/node';
import { startScaleOut } from '../../../scripts/scale-out.ts';

export interface ScaleOutUrls {
  balancerUrl: string;
  /** Instance A's, then instance B's. */
  instanceUrls: [string, string];
  /** instance-a.log, instance-b.log, worker.log: what each process wrote. */
  logDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    scaleOut: ScaleOutUrls;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const startedAt = performance.now();
  const shape = await startScaleOut({
    // No shedding on the event loop's delay: an answer must not depend on how busy the shared machine is (the API
    // tests' setting, src/server/test/create-test-app.ts).
    env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' },
  });
  console.log(`scale-out shape started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  const [a, b] = shape.instances;
  project.provide('scaleOut', {
    balancerUrl: shape.balancerUrl,
    instanceUrls: [a.url, b.url],
    logDir: shape.logDir,
  });
  return () => shape.stop();
}
