// What every SearchEngine must do (decision 0082), as a suite any implementation runs against the demo catalogue:
// the PostgreSQL one (postgres-search.repository.test.ts) and, one day, a dedicated engine fed from the same rows.
// `open` gives the engine over a database holding the demo catalogue; `write` changes rows as the app does.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../shared/constants.ts';
import { SEARCH_SECTIONS, type SearchSection } from '../../../shared/contracts/search.ts';
import { toReader } from '../../../shared/domain/privacy.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { insertDemoCatalogue, type DemoCatalogue } from '../../test/demo-catalogue.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { SearchEngine, SearchRequest } from './search-engine.ts';

export function describeSearchEngineContract(
  name: string,
  createEngine: (db: Kysely<DB>) => SearchEngine,
  /** Lets the engine take in rows written since (a dedicated engine's sync); nothing for one on the database. */
  afterWrite: () => Promise<void> = async () => {},
): void {
  describe(`${name} (the search engine contract)`, () => {
    let testDatabase: TestDatabase;
    let db: Kysely<DB>;
    let engine: SearchEngine;
    let demo: DemoCatalogue;
    const anonymous = (text: string): SearchRequest => ({
      text,
      reader: toReader(undefined),
      now: new Date(),
    });

    beforeAll(async () => {
      testDatabase = await createTestDatabase();
      db = testDatabase.database.db;
      demo = await insertDemoCatalogue(db);
      engine = createEngine(db);
    });
    afterAll(() => testDatabase.drop());

    it('pages through a section best first, each result once, the total on every page', async () => {
      const whole = await engine.searchSection('products', anonymous('cotton'), { limit: 50 });
      expect(whole.ids.length).toBeGreaterThan(3);
      expect(whole.total).toBe(whole.ids.length);
      expect(whole.cursor).toBeNull();
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await engine.searchSection('products', anonymous('cotton'), { limit: 2, cursor });
        expect(page.total).toBe(whole.total);
        paged.push(...page.ids);
        cursor = page.cursor ?? undefined;
      } while (cursor);
      expect(paged).toEqual(whole.ids);
    });

    it('answers every section at once with the same results as each alone', async () => {
      const { sections: all } = await engine.searchAll(anonymous('saree'), 3);
      for (const section of SEARCH_SECTIONS) {
        const alone = await engine.searchSection(section, anonymous('saree'), { limit: 3 });
        expect(all[section]).toEqual(alone);
      }
      expect(all.products.ids).toContain(demo.productId('Jaipuri Cotton Saree for Daily Wear'));
      expect(all.klips.ids).toEqual([demo.klipId('Draping a Banarasi in under a minute')]);
      expect(all.shopstars.ids).toEqual([demo.userId('priya.sharma')]);
      expect(all.offers.ids).toEqual([demo.offerId('Diwali Dhamaka: 20% off ethnic wear')]);
    });

    it('finds offers only while they run, and Shop Stars only among people who sell', async () => {
      const books = await engine.searchSection('offers', anonymous('books'), { limit: 10 });
      // 'Exam Prep' starts in 3 days and 'Book Fair Special' ended 2 days ago.
      expect(books.ids).not.toContain(demo.offerId('Exam Prep: 10% off academic books'));
      expect(books.ids).not.toContain(demo.offerId('Book Fair Special: Flat ₹50 off fiction'));
      await db
        .insertInto('users')
        .values({
          id: 'contract-buyer',
          email: 'buyer@example.in',
          username: 'priya.buys',
          full_name: 'Priya Buys',
          tokens_valid_after: new Date(0),
        })
        .execute();
      await afterWrite();
      const priyas = await engine.searchSection('shopstars', anonymous('priya'), { limit: 10 });
      expect(priyas.ids).toEqual([demo.userId('priya.sharma')]);
    });

    it('shows a seller’s results only to the readers their privacy admits (decision 0071)', async () => {
      const seller = demo.userId('rohan.reads');
      const physics = demo.productId('Physics for Class 12: Concepts and Practice');
      const signedIn = (text: string): SearchRequest => ({
        ...anonymous(text),
        reader: toReader('someone-else'),
      });
      try {
        await db
          .updateTable('users')
          .set({ content_audience: 'signedIn' })
          .where('id', '=', seller)
          .execute();
        await afterWrite();
        expect((await engine.searchSection('products', anonymous('physics'), { limit: 5 })).ids).toEqual([]);
        expect((await engine.searchSection('products', signedIn('physics'), { limit: 5 })).ids).toEqual([
          physics,
        ]);
        await db.updateTable('users').set({ content_audience: 'nobody' }).where('id', '=', seller).execute();
        await afterWrite();
        expect((await engine.searchSection('products', signedIn('physics'), { limit: 5 })).ids).toEqual([]);
        const own = { ...anonymous('physics'), reader: toReader(seller) };
        expect((await engine.searchSection('products', own, { limit: 5 })).ids).toEqual([physics]);
      } finally {
        await db
          .updateTable('users')
          .set({ content_audience: 'everyone' })
          .where('id', '=', seller)
          .execute();
        await afterWrite();
      }
    });

    it('finds a klip and an offer by their product’s new name right after a rename', async () => {
      const product = demo.productId('Anti-Slip Yoga Mat 6 mm');
      await db
        .updateTable('products')
        .set({ name: 'Anti-Slip Pilates Mat 6 mm' })
        .where('id', '=', product)
        .execute();
      await afterWrite();
      const { sections: all } = await engine.searchAll(anonymous('pilates'), 5);
      expect(all.products.ids).toEqual([product]);
      expect(all.klips.ids).toEqual([demo.klipId('Five-minute morning flow on a 6 mm mat')]);
      expect(all.offers.ids).toEqual([demo.offerId('Fit India Sale: 25% off, up to ₹400')]);
    });

    it('answers anything typed without failing, empty where nothing matches', async () => {
      const inputs = [
        'x'.repeat(SEARCH_QUERY_MAX_LENGTH),
        Array.from({ length: 200 }, (_, index) => `word${index}`).join(' '),
        "& | ! :* <-> ( ) '' \\",
        '\u0000\u0000nul',
        '😀🛍️',
        'कुर्ता सूती',
        '   ',
      ];
      for (const text of inputs) {
        const { sections: all } = await engine.searchAll(anonymous(text), 3);
        for (const section of SEARCH_SECTIONS)
          expect(all[section].ids, `${section} for ${JSON.stringify(text)}`).toEqual([]);
        await engine.suggest(anonymous(text), 8);
      }
      // SQL is only words to a search: it finds what has them, and nothing else happens.
      const count = () =>
        db.selectFrom('products').select(db.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      const before = await count();
      const found = await engine.searchSection('products', anonymous("'); drop table products; --"), {
        limit: 5,
      });
      expect(found.ids.length).toBeGreaterThan(0);
      expect(await count()).toEqual(before);
    });

    it('refuses a cursor it did not give out as a bad request', async () => {
      await expect(
        engine.searchSection('products', anonymous('cotton'), { limit: 2, cursor: 'not-a-cursor' }),
      ).rejects.toThrow(AppError);
    });

    it('suggests categories, Shop Stars and product names for what is being typed', async () => {
      const suggestions = await engine.suggest(anonymous('lapt'), 8);
      expect(suggestions).toContainEqual({
        kind: 'category',
        key: 'Electronics - Laptops',
        label: 'Electronics - Laptops',
      });
      const products = suggestions.filter(({ kind }) => kind === 'product').map(({ label }) => label);
      expect(products.length).toBe(3);
      expect(products.every((label) => label.includes('Laptop'))).toBe(true);
      expect(await engine.suggest(anonymous('kabir'), 8)).toContainEqual({
        kind: 'shopstar',
        key: 'kabir.fit',
        label: '@kabir.fit',
      });
      expect(await engine.suggest(anonymous('&&&'), 8)).toEqual([]);
    });

    it('corrects one typo per word and says what it searched for', async () => {
      expect((await engine.searchAll(anonymous('wireless headphnes'), 1)).searchedFor).toBe(
        'wireless headphones',
      );
      const page = await engine.searchSection('products', anonymous('wireless headphnes'), { limit: 5 });
      expect(page.ids[0]).toBe(demo.productId('Wireless Over-Ear Headphones with ANC'));
    });

    it.each(SEARCH_SECTIONS)(
      'answers %s empty for a query without a word',
      async (section: SearchSection) => {
        expect(await engine.searchSection(section, anonymous('!!! ???'), { limit: 5 })).toEqual({
          ids: [],
          total: 0,
          cursor: null,
        });
      },
    );
  });
}
