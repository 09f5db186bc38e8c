import pg from 'pg';

/**
 * Drops a PostgreSQL schema made for one test site or benchmark site, with everything in it.
 * Its own connection, so it works whatever pool the site used has been closed.
 */
export async function dropSchema(postgresUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
