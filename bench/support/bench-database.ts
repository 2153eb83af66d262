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

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** Products spread over every subcategory, 1000 per creator, created over the last year, with words to search. */
export async function fillProducts(database: Database, count: number): Promise<void> {
  const categories = Object.entries(CATEGORY_TREE).flatMap(([root, subs]) =>
    subs.map((sub) => `${root} - ${sub}`),
  );
  const creators = Math.max(1, Math.ceil(count / 1000));
  await sql`insert into users (id, email, username)
    select 'bench-user-' || n, 'bench' || n || '@example.in', 'bench.seller.' || n
    from generate_series(1, ${creators}) as n`.execute(database.db);
  const words = [
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
  const nouns = [
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
  // Small enough that one batch stays well inside the statement timeout on a busy machine.
  const batch = 20_000;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await sql`insert into products (id, owner_id, name, description, price, discount, category, tags, created_at)
      select id, owner_id, name, description, price, discount, category, tags, created_at
      from (
        select lpad(n::text, 10, '0') as id,
               'bench-user-' || (1 + (n - 1) / 1000) as owner_id,
               initcap((${words}::text[])[1 + n % 10] || ' ' || (${nouns}::text[])[1 + (n / 10) % 10]) || ' ' || n as name,
               'A dependable everyday pick number ' || n as description,
               ((99 + (n::bigint * 7919) % 50000) * 100)::integer as price,
               (n % 5) * 10 as discount,
               (${categories}::text[])[1 + n % ${categories.length}] as category,
               array[(${words}::text[])[1 + (n / 7) % 10]] as tags,
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
