// `npm start`: build what is stale, then run the server (which migrates and seeds an empty database).
import { buildClientIfStale } from './build-client.ts';

buildClientIfStale();
await import('../src/server/index.ts');
