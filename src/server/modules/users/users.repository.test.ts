// The one username lookup against a real database: the identity repository (sign-up) and the users repository
// (the username check) give the same answers because they ask the same function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthRepository } from '../../auth/auth.repository.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createUsersRepository, isUsernameTaken } from './users.repository.ts';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.db
    .insertInto('users')
    .values({ id: 'u1', email: 'meera@example.in', username: 'meera.weaves', full_name: 'Meera Iyer' })
    .execute();
});
afterAll(() => testDatabase.drop());

describe('isUsernameTaken', () => {
  it('is true for a username an account has and false for any other', async () => {
    const { db } = testDatabase.database;
    expect(await isUsernameTaken(db, 'meera.weaves')).toBe(true);
    expect(await isUsernameTaken(db, 'meera.weave')).toBe(false);
    expect(await isUsernameTaken(db, 'brand.new')).toBe(false);
  });

  it('answers the same through the users and the identity repositories', async () => {
    const { db } = testDatabase.database;
    const users = createUsersRepository(db);
    const auth = createAuthRepository(db);
    for (const name of ['meera.weaves', 'brand.new']) {
      expect(await users.isUsernameTaken(name), name).toBe(await isUsernameTaken(db, name));
      expect(await auth.isUsernameTaken(name), name).toBe(await isUsernameTaken(db, name));
    }
  });
});
