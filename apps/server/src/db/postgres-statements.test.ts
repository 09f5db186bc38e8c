import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, testEngines } from '../../test/test-database.ts';
import type { Config } from '../config.ts';
import type { AppDatabase } from './database.ts';
import { withNamedStatements } from './postgres-statements.ts';

type Executor = Parameters<Parameters<ReturnType<AppDatabase['connection']>['execute']>[0]>[0];

/** The statements this connection has prepared under our names. */
async function preparedOn(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`
    select statement from pg_prepared_statements where name like 'lanparty_%'`.execute(db);
  return rows.map((row) => row.statement);
}

describe.runIf(testEngines.includes('postgres'))('named statements on PostgreSQL', () => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  /** The test database's own address (a copy of the template, not TEST_DATABASE_URL's). */
  let databaseUrl: string;

  beforeAll(async () => {
    let config: Config;
    ({ db, close, config } = await startTestDatabase('postgres'));
    if (config.database.kind !== 'postgres') throw new Error('a PostgreSQL test database');
    databaseUrl = config.database.url;
  });
  afterAll(async () => close?.());

  it('plans a read once per connection and runs it again by name', async () => {
    await db.connection().execute(async (connection) => {
      const read = () =>
        connection.selectFrom('settings').select('key').where('key', '=', 'nothing').execute();
      await read();
      await read();
      const prepared = await preparedOn(connection);
      expect(prepared.filter((text) => text.includes('from "settings"'))).toHaveLength(1);
    });
  });

  it('parses a statement again when the server forgot it (DISCARD ALL, a pooler reset)', async () => {
    await db.connection().execute(async (connection) => {
      const read = () =>
        connection.selectFrom('settings').select('key').where('key', '=', 'forgotten').execute();
      await read();
      await sql`deallocate all`.execute(connection);
      expect(await read()).toEqual([]);
      expect(await read()).toEqual([]);
      // Under a fresh name pg has not parsed on this connection, planned once again.
      const prepared = await preparedOn(connection);
      expect(prepared.filter((text) => text.includes('from "settings"'))).toHaveLength(1);
    });
  });

  it('names nothing inside a transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'in a transaction')
        .execute();
      const prepared = await sql<{ statement: string }>`
        select statement from pg_prepared_statements`.execute(trx);
      expect(prepared.rows.some((row) => row.statement.includes('in a transaction'))).toBe(false);
      expect(prepared.rows.some((row) => row.statement.includes('"value"'))).toBe(false);
    });
  });

  it('runs a read again when its table changed shape under its plan (another server migrated)', async () => {
    await sql`create table changing (id integer primary key)`.execute(db);
    await sql`insert into changing (id) values (1)`.execute(db);
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db))
        .rows[0]?.schema;
      await db.connection().execute(async (connection) => {
        const readAll = () =>
          sql<Record<string, unknown>>`select * from changing`.execute(connection);
        expect((await readAll()).rows).toEqual([{ id: 1 }]);
        await other.query(`alter table "${schema}".changing add column note text default 'new'`);
        expect((await readAll()).rows).toEqual([{ id: 1, note: 'new' }]);
        expect((await readAll()).rows).toEqual([{ id: 1, note: 'new' }]);
        // The stale plan is gone from the server, not only passed over.
        const prepared = await preparedOn(connection);
        expect(prepared.filter((text) => text.includes('from changing'))).toHaveLength(1);
      });
    } finally {
      await other.end();
    }
  });

  it('names at most as many texts as it is allowed; the rest run unnamed', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    const client = await withNamedStatements(pool, 2).connect();
    try {
      for (const value of [1, 2, 3, 4]) await client.query(`select ${value} as one`, []);
      const { rows } = await client.query<{ statement: string }>(
        `select statement from pg_prepared_statements where name like 'lanparty_%' order by name`,
        [],
      );
      expect(rows.map((row) => row.statement)).toEqual(['select 1 as one', 'select 2 as one']);
    } finally {
      client.release();
      await pool.end();
    }
  });
});
