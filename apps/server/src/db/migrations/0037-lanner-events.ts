import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * A `lanner` event {userId} (issue 51) whenever what anyone may see of a user changes: their
 * nickname or Steam id, their history shown or hidden, their roles (which list they are in),
 * their avatar. Unlike `user`, which is for that user alone (it may be a change of their
 * e-mail address), it goes to every stream, so another tab's lanner lists and the person's
 * page follow — "Visited 16 lans" goes the moment the history is hidden. A change of what
 * only the person and administrators see (names, e-mail, birth date) writes none: whoever
 * listens learns nothing they could not read.
 */
const publicColumns = ['nickname', 'steam_id', 'shows_history'] as const;

const changedOnUpdate = (older: string, newer: string, distinct: string) =>
  publicColumns.map((column) => `${older}.${column} ${distinct} ${newer}.${column}`).join(' or ');

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`
      create function raise_lanner_event() returns trigger
      language plpgsql set search_path from current as $$
      declare row record;
      declare person integer;
      begin
        if tg_op = 'DELETE' then row := old; else row := new; end if;
        if tg_table_name = 'users' then
          person := row.id;
        elsif tg_table_name = 'user_roles' then
          person := row.user_id;
        elsif row.asset_id ~ '^user-[0-9]+$' then
          person := substring(row.asset_id from 6)::integer;
        else
          return null;
        end if;
        insert into events (kind, user_id, creation_date) values ('lanner', person, now());
        perform pg_notify('lanparty_events', '');
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger users_raise_lanner_event
      after update on users for each row
      when (${sql.raw(changedOnUpdate('old', 'new', 'is distinct from'))})
      execute function raise_lanner_event()`.execute(db);
    for (const table of ['user_roles', 'assets'])
      await sql`
        create trigger ${sql.raw(`${table}_raise_lanner_event`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function raise_lanner_event()`.execute(db);
    return;
  }
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  await sql`
    create trigger users_update_raises_lanner_event
    after update of ${sql.raw(publicColumns.join(', '))} on users
    when ${sql.raw(changedOnUpdate('old', 'new', 'is not'))}
    begin
      insert into events (kind, user_id, creation_date) values ('lanner', new.id, ${sql.raw(now)});
    end`.execute(db);
  for (const operation of ['insert', 'update', 'delete'] as const) {
    const row = operation === 'delete' ? 'old' : 'new';
    await sql`
      create trigger ${sql.raw(`user_roles_${operation}_raises_lanner_event`)}
      after ${sql.raw(operation)} on user_roles
      begin
        insert into events (kind, user_id, creation_date)
          values ('lanner', ${sql.raw(`${row}.user_id`)}, ${sql.raw(now)});
      end`.execute(db);
    await sql`
      create trigger ${sql.raw(`assets_${operation}_raises_lanner_event`)}
      after ${sql.raw(operation)} on assets
      when ${sql.raw(`${row}.asset_id`)} glob 'user-[0-9]*'
      begin
        insert into events (kind, user_id, creation_date)
          values ('lanner', cast(substr(${sql.raw(`${row}.asset_id`)}, 6) as integer),
            ${sql.raw(now)});
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of ['users', 'user_roles', 'assets'])
      await sql`drop trigger ${sql.raw(`${table}_raise_lanner_event`)} on ${sql.table(table)}`.execute(
        db,
      );
    await sql`drop function raise_lanner_event()`.execute(db);
    return;
  }
  await sql`drop trigger users_update_raises_lanner_event`.execute(db);
  for (const operation of ['insert', 'update', 'delete'])
    for (const table of ['user_roles', 'assets'])
      await sql`drop trigger ${sql.raw(`${table}_${operation}_raises_lanner_event`)}`.execute(db);
}
