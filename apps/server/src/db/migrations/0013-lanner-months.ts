import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * The months that have playtime of a user who counts (has been Lanner or Member:
 * `users.lanner_since`), kept as rows (issue 14). The leaderboard months and the rewind
 * years are this list; finding it in `playtime_months` stepped month by month down its
 * index, two searches a month, more than half of those reads built afresh.
 *
 * Kept by triggers, so every writer of playtime (the collector, the demo's and the
 * benchmark's bulk loaders) and of `lanner_since` keeps it right without knowing of it:
 * a month is added when a row of a user who counts is written, or when a user with
 * playtime starts to count; it goes when its last such row does, or when its last
 * such user stops counting. On PostgreSQL the playtime triggers run once per statement
 * over its rows (playtime arrives in bulk), one change to the list at a time (below);
 * on SQLite once per row, and SQLite has one writer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lanner_months')
    .addColumn('month', 'text', (column) => column.primaryKey())
    .execute();
  if (dialectOf(db) === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await sql`
    insert into lanner_months (month)
    select distinct played.month from playtime_months played
    inner join users on users.id = played.user_id
    where users.lanner_since is not null`.execute(db);
}

/** Whether `month` (an SQL expression) still has a row of a user who counts. */
const stillCounted = (month: string) =>
  sql.raw(`exists (
    select 1 from playtime_months played
    inner join users on users.id = played.user_id
    where played.month = ${month} and users.lanner_since is not null)`);

/*
 * On PostgreSQL two transactions can each miss what the other has not committed yet: a
 * user starting to count while the collector writes their first row of a month would
 * both see no month to add. So every change to the list waits for the one before it
 * to commit (a lock per site's schema, held to the end of the transaction); each
 * statement of the function then sees what that one committed. Functions keep the
 * migration's search_path, so they touch this site's tables from any session.
 */
const oneAtATime = sql.raw(
  `perform pg_advisory_xact_lock(hashtext('lanner_months ' || current_schema()))`,
);

/** A PostgreSQL function run once per statement on `playtime_months` over its rows. */
async function onPlaytimeMonths(
  db: Kysely<unknown>,
  name: string,
  event: 'insert' | 'delete',
  body: RawBuilder<unknown>,
) {
  await sql`
    create function ${sql.raw(name)}() returns trigger language plpgsql
    set search_path from current as $$
    begin
      ${oneAtATime};
      ${body};
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger ${sql.raw(name)}
    after ${sql.raw(event)} on playtime_months
    referencing ${sql.raw(event === 'insert' ? 'new' : 'old')} table as statement_rows
    for each statement execute function ${sql.raw(name)}()`.execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  await onPlaytimeMonths(
    db,
    'lanner_months_add_played',
    'insert',
    sql`
      insert into lanner_months (month)
      select distinct added.month from statement_rows added
      inner join users on users.id = added.user_id
      where users.lanner_since is not null
      on conflict (month) do nothing`,
  );
  await onPlaytimeMonths(
    db,
    'lanner_months_drop_unplayed',
    'delete',
    sql`
      delete from lanner_months
      where month in (select removed.month from statement_rows removed)
        and not ${stillCounted('lanner_months.month')}`,
  );
  await sql`
    create function lanner_months_follow_user() returns trigger language plpgsql
    set search_path from current as $$
    begin
      ${oneAtATime};
      insert into lanner_months (month)
      select distinct month from playtime_months
      where user_id = new.id and new.lanner_since is not null
      on conflict (month) do nothing;
      delete from lanner_months
      where new.lanner_since is null
        and month in (select month from playtime_months where user_id = new.id)
        and not ${stillCounted('lanner_months.month')};
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger users_lanner_since_follows_months
    after update of lanner_since on users
    for each row when ((old.lanner_since is null) <> (new.lanner_since is null))
    execute function lanner_months_follow_user()`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>) {
  await sql`
    create trigger playtime_months_add_lanner_months
    after insert on playtime_months
    when exists (select 1 from users where id = new.user_id and lanner_since is not null)
    begin
      insert or ignore into lanner_months (month) values (new.month);
    end`.execute(db);
  await sql`
    create trigger playtime_months_drop_lanner_months
    after delete on playtime_months
    when not ${stillCounted('old.month')}
    begin
      delete from lanner_months where month = old.month;
    end`.execute(db);
  await sql`
    create trigger users_lanner_since_follows_months
    after update of lanner_since on users
    when (old.lanner_since is null) <> (new.lanner_since is null)
    begin
      insert or ignore into lanner_months (month)
      select distinct month from playtime_months
      where user_id = new.id and new.lanner_since is not null;
      delete from lanner_months
      where new.lanner_since is null
        and month in (select month from playtime_months where user_id = new.id)
        and not ${stillCounted('lanner_months.month')};
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // Dropping a trigger's function drops the trigger.
    for (const name of [
      'lanner_months_add_played',
      'lanner_months_drop_unplayed',
      'lanner_months_follow_user',
    ])
      await sql`drop function ${sql.raw(name)}() cascade`.execute(db);
  } else {
    for (const name of [
      'playtime_months_add_lanner_months',
      'playtime_months_drop_lanner_months',
      'users_lanner_since_follows_months',
    ])
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable('lanner_months').execute();
}
