// `npm start`: bind the port at once (a port in use stops the start here, before any slow step; decision 0051),
// build the client if stale while the port answers that Lootklip is starting, then run the server, which takes
// over the bound port, migrates and seeds an empty database.
import module from 'node:module';
import { loadConfigOrExit } from '../src/server/config.ts';
import { STARTUP_MESSAGES } from '../src/server/startup/startup-messages.ts';
import { openStartupServerOrExit } from '../src/server/startup/startup-server.ts';
import { buildClientIfStaleInBackground } from './build-client.ts';

// Node keeps the server's modules compiled (type-stripped and V8 code) in os.tmpdir(), keyed by their contents: a
// restart then loads them in about half the time (decision 0051, bench/restart.ts). NODE_COMPILE_CACHE overrides.
module.enableCompileCache();
const config = loadConfigOrExit();
const startup = await openStartupServerOrExit({ port: config.PORT, host: config.HOST });
startup.report({ step: STARTUP_MESSAGES.buildingClient });
const startedAt = performance.now();
if (await buildClientIfStaleInBackground()) {
  console.log(`Web client built in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}
await import('../src/server/index.ts');
