import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * What changed, for the live updates of open tabs (`GET /api/events`, issue 13): one row
 * per changed lan, subscription or user, written by triggers in the transaction of the
 * change — no write path can forget one, and a change rolled back leaves none. Rows hold
 * kinds and ids only, never personal data. On PostgreSQL each also wakes the servers
 * listening on `lanparty_events` (NOTIFY is delivered at commit). Old rows are pruned.
 *
 * - `lan`: a lan, or its banner (asset `lan-{id}`);
 * - `subscriber`: a subscription made, changed, withdrawn or checked in;
 * - `user`: a user's row, roles or avatar (asset `user-{id}`), for that user alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('events')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('lan_id', 'integer')
    .addColumn('subscriber_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('creation_date', timestampType(dialect), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('events_creation_date_index')
    .on('events')
    .column('creation_date')
    .execute();

  if (dialect === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const functions = {
    lans: `insert into events (kind, lan_id, creation_date) values ('lan', row.id, now());`,
    subscribers: `insert into events (kind, lan_id, subscriber_id, creation_date)
      values ('subscriber', row.lan_id, row.id, now());`,
    users: `insert into events (kind, user_id, creation_date) values ('user', row.id, now());`,
    user_roles: `insert into events (kind, user_id, creation_date)
      values ('user', row.user_id, now());`,
    assets: `if row.asset_id ~ '^lan-[0-9]+$' then
        insert into events (kind, lan_id, creation_date)
        values ('lan', substring(row.asset_id from 5)::integer, now());
      elsif row.asset_id ~ '^user-[0-9]+$' then
        insert into events (kind, user_id, creation_date)
        values ('user', substring(row.asset_id from 6)::integer, now());
      end if;`,
  } as const;
  for (const [table, body] of Object.entries(functions)) {
    await sql`
      create function ${sql.raw(`${table}_raise_event`)}() returns trigger language plpgsql as $$
      declare row record;
      begin
        if tg_op = 'DELETE' then row := old; else row := new; end if;
        ${sql.raw(body)}
        perform pg_notify('lanparty_events', '');
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_raise_event`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function ${sql.raw(`${table}_raise_event`)}()`.execute(db);
  }
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const inserts = {
    lans: (row: string) =>
      `insert into events (kind, lan_id, creation_date) values ('lan', ${row}.id, ${now});`,
    subscribers: (row: string) =>
      `insert into events (kind, lan_id, subscriber_id, creation_date)
        values ('subscriber', ${row}.lan_id, ${row}.id, ${now});`,
    users: (row: string) =>
      `insert into events (kind, user_id, creation_date) values ('user', ${row}.id, ${now});`,
    user_roles: (row: string) =>
      `insert into events (kind, user_id, creation_date) values ('user', ${row}.user_id, ${now});`,
    assets: (row: string) =>
      `insert into events (kind, lan_id, user_id, creation_date)
        select case when ${row}.asset_id glob 'lan-[0-9]*' then 'lan' else 'user' end,
          case when ${row}.asset_id glob 'lan-[0-9]*'
            then cast(substr(${row}.asset_id, 5) as integer) end,
          case when ${row}.asset_id glob 'user-[0-9]*'
            then cast(substr(${row}.asset_id, 6) as integer) end,
          ${now}
        where ${row}.asset_id glob 'lan-[0-9]*' or ${row}.asset_id glob 'user-[0-9]*';`,
  } as const;
  for (const [table, insert] of Object.entries(inserts)) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      const row = event === 'delete' ? 'old' : 'new';
      await sql`
        create trigger ${sql.raw(`${table}_${event}_raises_event`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          ${sql.raw(insert(row))}
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = ['lans', 'subscribers', 'users', 'user_roles', 'assets'];
  if (dialectOf(db) === 'postgres') {
    for (const table of tables) {
      await sql`drop trigger ${sql.raw(`${table}_raise_event`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${sql.raw(`${table}_raise_event`)}()`.execute(db);
    }
  } else {
    for (const table of tables)
      for (const event of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`${table}_${event}_raises_event`)}`.execute(db);
  }
  await db.schema.dropTable('events').execute();
}
