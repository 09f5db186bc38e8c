import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * An event says whether the lan it concerns is hidden (`is_hidden`): written by the
 * triggers of 0008 in the transaction of the change, as the rest of the row is, so every
 * server tells the same streams the same events without another query. A stream hears of
 * a hidden lan only if its reader may see inactive lans (issue 31: a visitor's stream was
 * told the id of an inactive lan that answers them 404).
 *
 * Hidden means nobody but lan administrators could see the lan before or after the
 * change: a lan made inactive is told to everyone once (their open tabs showed it), a
 * subscription or banner of an inactive lan to administrators alone. A subscription or
 * banner whose lan is gone (deleted with it) is hidden; the lan's own event tells the rest.
 * `user` events are for their user alone and never hidden.
 */
const lanIsHidden = (id: string) =>
  `coalesce((select not is_active from lans where id = ${id}), true)`;

const postgresBodies = {
  lans: `insert into events (kind, lan_id, is_hidden, creation_date)
      values ('lan', row.id, not (row.is_active or (tg_op = 'UPDATE' and old.is_active)), now());`,
  subscribers: `insert into events (kind, lan_id, subscriber_id, is_hidden, creation_date)
      values ('subscriber', row.lan_id, row.id, ${lanIsHidden('row.lan_id')}, now());`,
  users: `insert into events (kind, user_id, creation_date) values ('user', row.id, now());`,
  user_roles: `insert into events (kind, user_id, creation_date)
      values ('user', row.user_id, now());`,
  assets: `if row.asset_id ~ '^lan-[0-9]+$' then
        insert into events (kind, lan_id, is_hidden, creation_date)
        values ('lan', substring(row.asset_id from 5)::integer,
          ${lanIsHidden('substring(row.asset_id from 5)::integer')}, now());
      elsif row.asset_id ~ '^user-[0-9]+$' then
        insert into events (kind, user_id, creation_date)
        values ('user', substring(row.asset_id from 6)::integer, now());
      end if;`,
} as const;

const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const lanAsset = (row: string) => `cast(substr(${row}.asset_id, 5) as integer)`;

/** SQLite's triggers, one per table and operation; `row` is `new`, or `old` for a delete. */
const sqliteInserts = {
  lans: (row: string, operation: string) =>
    `insert into events (kind, lan_id, is_hidden, creation_date)
      values ('lan', ${row}.id,
        not (${row}.is_active${operation === 'update' ? ' or old.is_active' : ''}), ${now});`,
  subscribers: (row: string) =>
    `insert into events (kind, lan_id, subscriber_id, is_hidden, creation_date)
      values ('subscriber', ${row}.lan_id, ${row}.id, ${lanIsHidden(`${row}.lan_id`)}, ${now});`,
  users: (row: string) =>
    `insert into events (kind, user_id, creation_date) values ('user', ${row}.id, ${now});`,
  user_roles: (row: string) =>
    `insert into events (kind, user_id, creation_date) values ('user', ${row}.user_id, ${now});`,
  assets: (row: string) =>
    `insert into events (kind, lan_id, user_id, is_hidden, creation_date)
      select case when ${row}.asset_id glob 'lan-[0-9]*' then 'lan' else 'user' end,
        case when ${row}.asset_id glob 'lan-[0-9]*' then ${lanAsset(row)} end,
        case when ${row}.asset_id glob 'user-[0-9]*'
          then cast(substr(${row}.asset_id, 6) as integer) end,
        case when ${row}.asset_id glob 'lan-[0-9]*' then ${lanIsHidden(lanAsset(row))} else 0 end,
        ${now}
      where ${row}.asset_id glob 'lan-[0-9]*' or ${row}.asset_id glob 'user-[0-9]*';`,
} as const;

const operations = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('is_hidden', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  if (dialectOf(db) === 'postgres') {
    for (const [table, body] of Object.entries(postgresBodies)) {
      // Replacing a function resets its settings: the search_path is kept as 0014 set it.
      await sql`
        create or replace function ${sql.raw(`${table}_raise_event`)}() returns trigger
        language plpgsql set search_path from current as $$
        declare row record;
        begin
          if tg_op = 'DELETE' then row := old; else row := new; end if;
          ${sql.raw(body)}
          perform pg_notify('lanparty_events', '');
          return null;
        end
        $$`.execute(db);
    }
    return;
  }
  for (const [table, insert] of Object.entries(sqliteInserts)) {
    for (const operation of operations) {
      const name = sql.raw(`${table}_${operation}_raises_event`);
      await sql`drop trigger ${name}`.execute(db);
      await sql`
        create trigger ${name} after ${sql.raw(operation)} on ${sql.table(table)}
        begin
          ${sql.raw(insert(operation === 'delete' ? 'old' : 'new', operation))}
        end`.execute(db);
    }
  }
}

// No down: code from before this migration reads events without `is_hidden` and is
// served by these triggers as well as by its own.
