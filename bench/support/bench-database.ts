// The benchmarks' databases: a fresh PostgreSQL database made and dropped per run, and a catalogue of any size
// written in bulk (bench:catalogue, bench:offers). BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres) names the server; its database is only used to create and drop the benchmark's own.
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { runInTransaction } from '../../src/server/db/transaction.ts';
import { createProductsRepository } from '../../src/server/modules/products/products.repository.ts';
import { CATEGORY_TREE } from '../../src/shared/domain/categories.ts';
import { SEARCH_TIER_DAYS } from '../../src/shared/constants.ts';

/** A row's search_tier as the hourly job leaves it (migration 0032): written with the row, not updated after. */
const SEARCH_TIER = `case ${SEARCH_TIER_DAYS.map((days, tier) => `when created_at >= now() - make_interval(days => ${days}) then ${tier}`).join(' ')} else ${SEARCH_TIER_DAYS.length} end`;

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** The words of fillProducts' names (adjective noun n), which fillKlips' titles use too: "wireless head" is common. */
const PRODUCT_ADJECTIVES = [
  'wireless',
  'cotton',
  'steel',
  'organic',
  'classic',
  'smart',
  'handmade',
  'premium',
  'compact',
  'travel',
];
const PRODUCT_NOUNS = [
  'headphones',
  'kurta',
  'bottle',
  'serum',
  'lamp',
  'phone',
  'saree',
  'puzzle',
  'novel',
  'dumbbell',
];
/** Products spread over every subcategory, 1000 per creator, created over the last year, with words to search. */
export async function fillProducts(database: Database, count: number): Promise<void> {
  const categories = Object.entries(CATEGORY_TREE).flatMap(([root, subs]) =>
    subs.map((sub) => `${root} - ${sub}`),
  );
  const creators = Math.max(1, Math.ceil(count / 1000));
  await sql`insert into users (id, email, username)
    select 'bench-user-' || n, 'bench' || n || '@example.in', 'bench.seller.' || n
    from generate_series(1, ${creators}) as n`.execute(database.db);
  // Small enough that one batch stays well inside the statement timeout on a busy machine.
  const batch = 20_000;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await sql`insert into products (id, owner_id, name, description, price, discount, category, tags, created_at,
        search_tier)
      select id, owner_id, name, description, price, discount, category, tags, created_at, ${sql.raw(SEARCH_TIER)}
      from (
        select lpad(n::text, 10, '0') as id,
               'bench-user-' || (1 + (n - 1) / 1000) as owner_id,
               initcap((${PRODUCT_ADJECTIVES}::text[])[1 + n % 10] || ' ' || (${PRODUCT_NOUNS}::text[])[1 + (n / 10) % 10]) || ' ' || n as name,
               'A dependable everyday pick number ' || n as description,
               ((99 + (n::bigint * 7919) % 50000) * 100)::integer as price,
               (n % 5) * 10 as discount,
               (${categories}::text[])[1 + n % ${categories.length}] as category,
               array[(${PRODUCT_ADJECTIVES}::text[])[1 + (n / 7) % 10]] as tags,
               now() - make_interval(secs => n * 30) as created_at
        from generate_series(${start}::int, ${end}::int) as n
      ) as rows`.execute(database.db);
  }
  // As autovacuum leaves a table some time after a bulk load: statistics, and the visibility map that lets counts
  // be read from an index alone.
  await sql`vacuum analyze products`.execute(database.db);
  await runInTransaction(database.db, (tx) => createProductsRepository(tx).refreshCounts());
}

export async function createPgDatabase(name: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await migrate(database);
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const KLIP_KINDS = ['review', 'unboxing', 'haul', 'try-on', 'demo', 'tutorial', 'first look', 'styling tips'];
/**
 * The words of klips' descriptions and tags, drawn the first far more often than the last (about 29 % of draws
 * give the first word, under 1 % the last), so that both common and uncommon words exist.
 */
const KLIP_WORDS = [
  'daily',
  'honest',
  'budget',
  'quality',
  'sound',
  'fabric',
  'glow',
  'festive',
  'gift',
  'monsoon',
  'office',
  'gym',
  'college',
  'wedding',
  'diwali',
  'skincare',
  'bass',
  'battery',
  'comfort',
  'style',
  'kitchen',
  'desk',
  'study',
  'summer',
  'winter',
  'vintage',
  'minimal',
  'pastel',
  'ethnic',
  'denim',
  'leather',
  'bamboo',
  'ceramic',
  'brass',
  'jute',
  'khadi',
  'terracotta',
  'ikat',
  'chikankari',
  'bandhani',
];
/** A word in one klip of 5000 and one product of 10 000 (addRareProductWord): a rare search. */
export const BENCH_RARE_WORD = 'theremin';

/**
 * Active klips, each featuring one of the products fillProducts wrote (count of them) and owned by that product's
 * creator, created over the last year; titles, descriptions and tags from the vocabulary above. In batches, on a
 * session without the statement timeout; klips_search_keywords (migration 0031) fills search_keywords per row.
 */
export async function fillKlips(database: Database, count: number, products: number): Promise<void> {
  const batch = 50_000;
  // The d-th drawn word of klip n: a hash of (n, d) in [0, 1), cubed, so the first words are drawn most.
  const draw = (d: number) =>
    `($4::text[])[1 + floor(array_length($4::text[], 1) * power((hashint4(n * 8 + ${d})::bigint + 2147483648) / 4294967296.0, 3))::int]`;
  await database.withSession(async (session) => {
    for (let first = 1; first <= count; first += batch) {
      const last = Math.min(count, first + batch - 1);
      await session.query(
        `insert into klips (id, owner_id, status, title, description, tags, product_id, created_at, search_tier)
        select *, ${SEARCH_TIER} from (select 'bench-klip-' || lpad(n::text, 8, '0'), 'bench-user-' || (1 + (p - 1) / 1000), 'active',
          initcap(($5::text[])[1 + (n * 7) % 10] || ' ' || ($6::text[])[1 + (n / 10) % 10] || ' '
            || ($7::text[])[1 + n % array_length($7::text[], 1)]),
          'My ' || ${draw(1)} || ' and ' || ${draw(2)} || ' pick, for ' || ${draw(3)}
            || case when n % 5000 = 0 then ' with a ' || $8 else '' end,
          array[${draw(4)}, ($7::text[])[1 + n % array_length($7::text[], 1)]],
          lpad(p::text, 10, '0'),
          now() - make_interval(secs => n * 150) as created_at
        from (select n, 1 + (n::bigint * 7919) % $3 as p from generate_series($1::int, $2::int) as n) as rows) as klips`,
        [first, last, products, KLIP_WORDS, PRODUCT_ADJECTIVES, PRODUCT_NOUNS, KLIP_KINDS, BENCH_RARE_WORD],
      );
    }
  });
}

/** BENCH_RARE_WORD in the description of one product of 10 000 (fillProducts' have only common words). */
export async function addRareProductWord(database: Database, products: number): Promise<void> {
  await database.withSession((session) =>
    session.query(
      `update products set description = description || ' with a ' || $2
      where id in (select lpad(n::text, 10, '0') from generate_series(10000, $1::int, 10000) as n)`,
      [products, BENCH_RARE_WORD],
    ),
  );
}

/**
 * A bulk fill of products and klips with the search_terms triggers (migration 0031) off, and the words of all
 * their rows added after in one statement, as the migration adds them: per row, the triggers took 60 % of the
 * products' fill (bench:search at 20 000 products: 3.3 s with them, 1.3 s without plus 0.5 s for the statement).
 */
export async function withSearchTermsAfter(database: Database, fill: () => Promise<void>): Promise<void> {
  const toggle = (state: 'enable' | 'disable') =>
    database.withSession((session) =>
      session.exec(`alter table products ${state} trigger products_search_terms_insert;
        alter table klips ${state} trigger klips_search_terms_insert;`),
    );
  await toggle('disable');
  try {
    await fill();
  } finally {
    await toggle('enable');
  }
  // lk_add_search_terms and lk_add_search_lexemes (migration 0031) for every row at once: the same words, each once.
  await database.withSession((session) =>
    session.exec(`insert into search_terms (term)
      select distinct word from (
        select name || ' ' || lk_words(tags) || ' ' || category || ' ' || description as document from products
        union all
        select title || ' ' || search_keywords || ' ' || description from klips
      ) as documents,
      unnest(tsvector_to_array(to_tsvector('simple',
        document || ' ' || regexp_replace(document, '(\\w)-(?=\\w)', '\\1', 'g')))) as word
      where word !~ '[^[:alnum:]]' and word !~ '^[0-9]+$' and length(word) <= 40
      on conflict do nothing;
      insert into search_lexemes (lexeme)
      select distinct lexeme from (
        select search_document from products union all select search_document from klips
      ) as documents,
      unnest(tsvector_to_array(search_document)) as lexeme
      where lexeme !~ '^[0-9]+$' and length(lexeme) <= 40
      on conflict do nothing`),
  );
}
