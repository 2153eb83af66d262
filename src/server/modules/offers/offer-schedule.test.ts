// The offer schedule on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the next start or end of
// any offer after "now", remembered until that moment passes or an offer is written.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createOfferSchedule } from './offer-schedule.ts';

let testDatabase: TestDatabase;
const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const MINUTE = 60_000;

async function addOffer(id: string, startMinutes: number, endMinutes: number) {
  await testDatabase.database.db
    .insertInto('offers')
    .values({
      id,
      owner_id: 'seller',
      title: id,
      discount_type: 'percentage',
      discount_value: 1000,
      start_at: new Date(T0 + startMinutes * MINUTE),
      end_at: new Date(T0 + endMinutes * MINUTE),
    })
    .execute();
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.db
    .insertInto('users')
    .values({ id: 'seller', email: 'seller@example.in', username: 'seller' })
    .execute();
  await addOffer('running', -10, 20);
  await addOffer('later', 5, 60);
});
afterAll(() => testDatabase.drop());

describe('offer schedule', () => {
  it('answers the next start or end after now, and asks again only once it has passed or after forget', async () => {
    let now = T0;
    let queries = 0;
    const { db } = testDatabase.database;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const schedule = createOfferSchedule(counted, () => now);

    expect(await schedule.nextChange()).toBe(T0 + 5 * MINUTE); // 'later' starts
    now = T0 + 4 * MINUTE;
    expect(await schedule.nextChange()).toBe(T0 + 5 * MINUTE);
    expect(queries).toBe(1);

    now = T0 + 5 * MINUTE;
    expect(await schedule.nextChange()).toBe(T0 + 20 * MINUTE); // 'running' ends
    expect(queries).toBe(2);

    // A write the schedule does not know of is seen after forget.
    await addOffer('flash', 6, 7);
    expect(await schedule.nextChange()).toBe(T0 + 20 * MINUTE);
    schedule.forget();
    expect(await schedule.nextChange()).toBe(T0 + 6 * MINUTE);

    now = T0 + 61 * MINUTE;
    expect(await schedule.nextChange()).toBeNull();
    await sql`delete from offers where id = 'flash'`.execute(db);
  });
});
