// The PostgreSQL search engine passes the engine contract, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { createPostgresSearchEngine } from './postgres-search.repository.ts';
import { describeSearchEngineContract } from './search-engine.contract.test-helpers.ts';

describeSearchEngineContract('the PostgreSQL search engine', createPostgresSearchEngine);
