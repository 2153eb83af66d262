// Migration 0009 on a database that has products priced in numeric rupees: every price becomes the same amount in
// integer paise, and a price range is still read through an index.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { listMigrations, migrate } from './migrate.ts';
import { runInTransaction } from './transaction.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../migrations');
const PAISE_MIGRATION = '0009_store_prices_in_paise.sql';
const RUPEES = ['0.00', '0.01', '0.10', '0.29', '19.99', '1234.56', '9999999.99', '10000000.00'];

let testDatabase: TestDatabase;
let before: string;

beforeAll(async () => {
  // The migrations up to the one under test, as a database deployed before it has them.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-migrations-'));
  for (const name of await listMigrations(MIGRATIONS)) {
    if (name >= PAISE_MIGRATION) break;
    fs.copyFileSync(path.join(MIGRATIONS, name), path.join(before, name));
  }
  testDatabase = await createTestDatabase({ migrations: before });
});

afterAll(async () => {
  await testDatabase.drop();
  fs.rmSync(before, { recursive: true, force: true });
});

describe('0009 store prices in paise', () => {
  it('converts every numeric rupee price to the same integer paise and keeps the price indexes usable', async () => {
    const { db } = testDatabase.database;
    await sql`insert into users (id, email, username) values ('u1', 'asha@example.in', 'asha')`.execute(db);
    for (const [index, rupees] of RUPEES.entries()) {
      await sql`insert into products (id, owner_id, name, price, category)
        values (${`p${index}`}, 'u1', 'Thing', ${rupees}::numeric, 'Electronics - Phones')`.execute(db);
    }

    const later = (await listMigrations(MIGRATIONS)).filter((name) => name >= PAISE_MIGRATION);
    expect(await migrate(testDatabase.database, MIGRATIONS)).toEqual(later);
    expect(later[0]).toBe(PAISE_MIGRATION);

    const { rows } = await sql<{
      id: string;
      price: number;
    }>`select id, price from products order by id`.execute(db);
    expect(rows.map((row) => row.price)).toEqual([0, 1, 10, 29, 1999, 123_456, 999_999_999, 1_000_000_000]);
    const column = await sql<{ data_type: string }>`select data_type from information_schema.columns
      where table_name = 'products' and column_name = 'price'`.execute(db);
    expect(column.rows[0]?.data_type).toBe('integer');

    const indexes = await sql<{
      indexname: string;
      indexdef: string;
    }>`select indexname, indexdef from pg_indexes
      where tablename = 'products' and indexdef like '%price%' order by indexname`.execute(db);
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      'products_category_price_idx',
      'products_category_root_price_idx',
      'products_price_idx',
    ]);
    // A range on the new column can be read from an index (the planner is told not to scan the table, so a plan
    // without an index here means none fits).
    const plan = await runInTransaction(testDatabase.database.db, async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const explained = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from products
        where status = 'active' and category_root = 'Electronics' and price between 1000 and 200000`.execute(
        tx,
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using products_\w*price_idx[\s\S]*Index Cond: .*price >= 1000/);
  });
});
