// The PostgreSQL search engine passes the engine contract, on PGlite and on PostgreSQL (TEST_DATABASE_URL); finds the
// newest matches in whichever search tiers they are (migration 0032), and a word's other spellings.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toReader } from '../../../shared/domain/privacy.ts';
import type { DB } from '../../db/schema.ts';
import { insertDemoCatalogue } from '../../test/demo-catalogue.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-database.ts';
import { createPostgresSearchEngine } from './postgres-search.repository.ts';
import { describeSearchEngineContract } from './search-engine.contract.test-helpers.ts';
import { createSearchRecencyRepository } from './search-recency.repository.ts';

describeSearchEngineContract('the PostgreSQL search engine', createPostgresSearchEngine);

describe('the PostgreSQL search engine, beyond the demo catalogue', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  let testDatabase: TestDatabase;
  let db: Kysely<DB>;
  /** Zephyr lamps 1 to 6, the newest first, created these many days ago: in tiers 0, 0, 1, 1, 2 and 3 once aged. */
  const ages = [2, 5, 10, 20, 40, 200];
  const lamps = ages.map((_, index) => `zephyr-lamp-${index + 1}`);

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
          created_at: daysAgo(ages[index]!),
        })),
      )
      .execute();
    await db
      .insertInto('products')
      .values(
        ['Silver Jewellery Box', 'Color Pencils Set of 24', 'Colour Pencils in a Tin'].map((name, index) => ({
          id: `spelling-${index}`,
          owner_id: demo.userId('priya.sharma'),
          name,
          price: 29_900,
          category: 'Home - Decor',
        })),
      )
      .execute();
  });
  afterAll(() => testDatabase.drop());

  /** The lamps a search for them ranks, and suggests, when it ranks the newest `candidates` matches. */
  const newest = async (candidates: number) => {
    const engine = createPostgresSearchEngine(db, { candidates, suggestionCandidates: candidates });
    const request = { text: 'zephyr', reader: toReader(undefined), now };
    const page = await engine.searchSection('products', request, { limit: 10 });
    const suggestions = await engine.suggest(request, 10);
    return {
      found: [...page.ids].sort(),
      total: page.total,
      suggested: suggestions.map((hit) => hit.key).sort(),
    };
  };
  const newestLamps = (count: number) => ({
    found: lamps.slice(0, count),
    total: count,
    suggested: lamps.slice(0, count),
  });
  const tiers = async () =>
    (
      await db
        .selectFrom('products')
        .select(['id', 'search_tier'])
        .where('id', 'in', lamps)
        .orderBy('id')
        .execute()
    ).map((row) => row.search_tier);

  it('ranks the newest matches when all are in the newest tier, as new rows are', async () => {
    expect(await tiers()).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await newest(3)).toEqual(newestLamps(3));
  });

  it('moves rows on as they age, and ranks the same newest matches from the tiers that hold them', async () => {
    expect(await createSearchRecencyRepository(db).ageDocuments(now)).toBeGreaterThanOrEqual(3);
    expect(await tiers()).toEqual([0, 0, 1, 1, 2, 3]);
    // Tiers 0 and 1 hold the 3 newest; tier 2 is read too for 5, and the oldest for 6.
    expect(await newest(3)).toEqual(newestLamps(3));
    expect(await newest(5)).toEqual(newestLamps(5));
    expect(await newest(6)).toEqual(newestLamps(6));
    expect(await createSearchRecencyRepository(db).ageDocuments(now)).toBe(0);
  });

  it('finds a word in its other spellings, more than a typo apart or where both are words of the catalogue', async () => {
    const engine = createPostgresSearchEngine(db);
    const found = async (text: string) =>
      (
        await engine.searchSection('products', { text, reader: toReader(undefined), now }, { limit: 10 })
      ).ids.sort();
    expect(await found('jewelry')).toEqual(['spelling-0']);
    expect(await found('color pencils')).toEqual(['spelling-1', 'spelling-2']);
    expect(await found('colour pencil')).toEqual(['spelling-1', 'spelling-2']);
  });

  // PGlite has no JIT.
  it.skipIf(!TEST_DATABASE_URL)(
    'runs with JIT off on PostgreSQL, which compiled a tiered search for 80 ms',
    async () => {
      const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(db);
      expect(rows[0]?.jit).toBe('off');
    },
  );
});
