import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../../test/test-database.ts';
import { type AppDatabase, createDatabase, databaseSchemaOf, migrateToLatest } from './database.ts';

// A trigger runs in the session that writes: its functions must find this site's tables
// whatever that session's search_path (migrations 0013 and 0014). SQLite has no schemas.
describe.runIf(process.env.TEST_DATABASE_URL)('trigger functions from another search_path', () => {
  let site: TestSite;
  let db: AppDatabase;
  let schema: string;
  let operator: pg.Client;

  beforeAll(async () => {
    // The site's schema made by its own migration, not copied from the template.
    site = await createTestSite('postgres', {}, { from: 'empty' });
    db = createDatabase(site.config.database);
    schema = databaseSchemaOf(site.config) ?? '';
    await migrateToLatest(db, schema);
    // An operator's session: the database's default search_path, where no site lives.
    if (site.config.database.kind !== 'postgres') throw new Error('A PostgreSQL site');
    operator = new pg.Client({ connectionString: site.config.database.url });
    await operator.connect();
    await operator.query(`set search_path to pg_catalog`);
  });
  afterAll(async () => {
    await operator?.end();
    await db?.destroy();
    await site?.cleanUp();
  });

  const versionOf = async (name: string) =>
    Number(
      (
        await db
          .selectFrom('data_versions')
          .select('version')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).version,
    );

  it("raises this site's versions and writes its events", async () => {
    const lans = await versionOf('lans');
    const playtime = await versionOf('playtime');
    const { rows } = await operator.query<{ id: number }>(
      `insert into "${schema}".users (subject, nickname, creation_date, modification_date)
       values ('operator-made', 'Made by hand', now(), now()) returning id`,
    );
    await operator.query(
      `insert into "${schema}".user_roles (user_id, role) values ($1, 'Lanner')`,
      [rows[0]?.id],
    );
    await operator.query(`delete from "${schema}".playtimes`);

    expect(await versionOf('lans')).toBeGreaterThan(lans);
    expect(await versionOf('playtime')).toBeGreaterThan(playtime);
    const events = await db
      .selectFrom('events')
      .select(['kind', 'user_id'])
      .where('user_id', '=', rows[0]?.id ?? 0)
      .orderBy('id')
      .execute();
    // The role is seen by anyone (which list they are in): a `lanner` event too (0037).
    expect(events).toEqual([
      { kind: 'user', user_id: rows[0]?.id },
      { kind: 'user', user_id: rows[0]?.id },
      { kind: 'lanner', user_id: rows[0]?.id },
    ]);
  });
});
