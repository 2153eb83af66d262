// The PostgreSQL search engine passes the engine contract, on PGlite and on PostgreSQL (TEST_DATABASE_URL), and finds
// the newest matches whether they are among the recent documents or older (migration 0032).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toReader } from '../../../shared/domain/privacy.ts';
import type { DB } from '../../db/schema.ts';
import { insertDemoCatalogue } from '../../test/demo-catalogue.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createPostgresSearchEngine } from './postgres-search.repository.ts';
import { describeSearchEngineContract } from './search-engine.contract.test-helpers.ts';
import { createSearchRecencyRepository } from './search-recency.repository.ts';

describeSearchEngineContract('the PostgreSQL search engine', createPostgresSearchEngine);

describe('the PostgreSQL search engine, recent and older documents', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  let testDatabase: TestDatabase;
  let db: Kysely<DB>;
  /** Zephyr lamps 1 to 5, lamp n created n days ago: the newest first. */
  const lamps = [1, 2, 3, 4, 5].map((n) => `zephyr-lamp-${n}`);

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = testDatabase.database.db;
    const demo = await insertDemoCatalogue(db, now);
    await db
      .insertInto('products')
      .values(
        lamps.map((id, index) => ({
          id,
          owner_id: demo.userId('priya.sharma'),
          name: `Zephyr Lamp ${index + 1}`,
          price: 49_900,
          category: 'Home - Decor',
          created_at: daysAgo(index + 1),
        })),
      )
      .execute();
  });
  afterAll(() => testDatabase.drop());

  const newestThree = async () => {
    const engine = createPostgresSearchEngine(db, { candidates: 3 });
    const request = { text: 'zephyr', reader: toReader(undefined), now };
    const page = await engine.searchSection('products', request, { limit: 10 });
    const suggestions = await engine.suggest(request, 10);
    return {
      found: [...page.ids].sort(),
      total: page.total,
      suggested: suggestions.map((hit) => hit.key).sort(),
    };
  };
  const recent = async () =>
    (
      await db
        .selectFrom('products')
        .select('id')
        .where('id', 'in', lamps)
        .where('search_recent', '=', true)
        .execute()
    )
      .map((row) => row.id)
      .sort();

  it('ranks the newest matches when the recent documents hold enough of them', async () => {
    expect(await recent()).toEqual(lamps);
    expect(await newestThree()).toEqual({ found: lamps.slice(0, 3), total: 3, suggested: lamps.slice(0, 3) });
  });

  it('ranks the same newest matches when most of them have aged out of the recent documents', async () => {
    const aged = await createSearchRecencyRepository(db).ageDocuments(daysAgo(1.5));
    expect(aged).toBeGreaterThanOrEqual(4);
    expect(await recent()).toEqual(lamps.slice(0, 1));
    expect(await newestThree()).toEqual({ found: lamps.slice(0, 3), total: 3, suggested: lamps.slice(0, 3) });
  });
});
