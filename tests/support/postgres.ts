/** Small helpers to create and drop the throw-away databases of a PostgreSQL test run. */
import pg from 'pg';

/** The database a `postgres://` URL names (`postgres` when it names none). */
export function databaseNameOf(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  return name || 'postgres';
}

/** The same server and credentials, another database. */
export function adminUrl(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Runs `fn` with one connection to the URL's own database (CREATE/DROP DATABASE need one). */
export async function withAdminClient<T>(
  databaseUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a database, waiting up to a second for its connections to go. `pool.end()` resolves
 * before the connections it ends have closed; forcing them out at that moment makes the server
 * answer one with a FATAL error (57P01) that surfaces as an unhandled error in the run.
 */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await client.query(`drop database if exists ${quoteIdent(name)}`);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '55006') throw error; // object_in_use
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
}

/** Drops every database whose name starts with the prefix (copies a crashed file left). */
export async function dropDatabasesLike(client: pg.Client, prefix: string): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1)',
    [prefix],
  );
  for (const row of rows) await dropDatabase(client, row.datname);
}
