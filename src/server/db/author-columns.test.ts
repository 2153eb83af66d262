// The author columns every read that shows a seller or a writer selects, on a real database: joined on the given
// column, with the avatar's variants or null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { joinAuthor, toAuthor } from './author-columns.ts';

let testDatabase: TestDatabase;
const variants = [{ key: 'avatars/a-128.webp', width: 128, height: 128, format: 'webp', bytes: 900 }];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const { db } = testDatabase.database;
  await db
    .insertInto('users')
    .values([
      { id: 'with-avatar', email: 'a@example.in', username: 'asha', display_name: 'Asha K' },
      { id: 'without-avatar', email: 'b@example.in', username: 'bala', display_name: 'Bala' },
    ])
    .execute();
  await db
    .insertInto('media_objects')
    .values({
      id: 'avatar-1',
      owner_id: 'with-avatar',
      kind: 'image',
      status: 'ready',
      variants: JSON.stringify(variants),
    })
    .execute();
  await db
    .updateTable('users')
    .set({ avatar_media_id: 'avatar-1' })
    .where('id', '=', 'with-avatar')
    .execute();
  await db
    .insertInto('credentials')
    .values([
      { user_id: 'with-avatar', password_hash: 'hash-a' },
      { user_id: 'without-avatar', password_hash: 'hash-b' },
    ])
    .execute();
});
afterAll(() => testDatabase.drop());

describe('joinAuthor and toAuthor', () => {
  it("select each row's author through the column named, keeping the row's own columns", async () => {
    const { db } = testDatabase.database;
    const rows = await joinAuthor(db.selectFrom('credentials as c').select(['c.password_hash']), 'c.user_id')
      .orderBy('c.user_id')
      .execute();
    expect(rows.map((row) => ({ hash: row.password_hash, ...toAuthor(row) }))).toEqual([
      { hash: 'hash-a', username: 'asha', displayName: 'Asha K', avatarVariants: variants },
      { hash: 'hash-b', username: 'bala', displayName: 'Bala', avatarVariants: null },
    ]);
  });
});
