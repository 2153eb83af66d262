// Databases a run makes on a PostgreSQL server (the tests' template, the scale-out shape's database), named with a
// prefix and a ULID, so that a later run can tell by its name when one was made and drop it once the run that made
// it was surely killed before it could.
import pg from 'pg';
import { decodeTime } from 'ulid';

/** One statement on the server of `serverUrl`, on a connection of its own. */
export async function queryServer(serverUrl: string, text: string): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Drops the databases named `${prefix}${ulid}` made more than `olderThanMs` ago; younger ones are left alone. */
export async function dropLeftoverDatabases(
  serverUrl: string,
  prefix: string,
  olderThanMs: number,
): Promise<void> {
  const { rows } = await queryServer(
    serverUrl,
    `select datname from pg_database where datname like '${prefix}%'`,
  );
  for (const { datname } of rows as { datname: string }[]) {
    let createdAt: number;
    try {
      createdAt = decodeTime(datname.slice(prefix.length).toUpperCase());
    } catch {
      continue;
    }
    if (Date.now() - createdAt > olderThanMs) {
      await queryServer(serverUrl, `drop database if exists ${datname} with (force)`);
    }
  }
}
