import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * What a year's rewind sums, kept as the playtime is written (issue 33, the first read
 * after a change): a rewind built from `playtime_months` and `playtime_days` walked a
 * year of them on every first read (at scale 10: 17k month rows and twice 50k day rows,
 * about 20 ms of a 205 KB answer's build).
 *
 * - `playtime_years`: seconds per (user, game, year), from `playtime_months`.
 * - `playtime_user_years`: play days per (user, year), from `playtime_days`.
 * - `play_day_totals`: seconds per play day of every user, from `playtime_days`; a
 *   rewind takes off what users who do not count played (few, and few days).
 *
 * Kept by triggers, so every writer of playtime (the collector, the demo's and the
 * benchmark's bulk loaders, deleting a user) keeps them right without knowing of them. A
 * row whose sum falls to nothing goes. They count every user: who counts is asked when
 * they are read, so a user starting to count changes nothing here. On PostgreSQL the
 * triggers run once per statement over its rows (playtime arrives in bulk), adding with
 * `on conflict`, which needs no lock between writers; on SQLite once per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('playtime_years')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('game_id', 'integer', (column) => column.notNull().references('games.id'))
    .addColumn('year', 'text', (column) => column.notNull())
    .addColumn('seconds', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('playtime_years_pk', ['user_id', 'game_id', 'year'])
    .execute();
  await db.schema
    .createIndex('playtime_years_year_index')
    .on('playtime_years')
    .columns(['year', 'user_id'])
    .execute();
  await db.schema
    .createTable('playtime_user_years')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('year', 'text', (column) => column.notNull())
    .addColumn('days', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('playtime_user_years_pk', ['user_id', 'year'])
    .execute();
  await db.schema
    .createTable('play_day_totals')
    .addColumn('play_day', 'text', (column) => column.primaryKey())
    .addColumn('seconds', 'bigint', (column) => column.notNull())
    .execute();
  if (dialectOf(db) === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
  await sql`
    insert into playtime_years (user_id, game_id, year, seconds)
    select user_id, game_id, substr(month, 1, 4), sum(seconds) from playtime_months
    group by user_id, game_id, substr(month, 1, 4)`.execute(db);
  await sql`
    insert into playtime_user_years (user_id, year, days)
    select user_id, substr(play_day, 1, 4), count(*) from playtime_days
    group by user_id, substr(play_day, 1, 4)`.execute(db);
  await sql`
    insert into play_day_totals (play_day, seconds)
    select play_day, sum(seconds) from playtime_days group by play_day`.execute(db);
}

/**
 * The sums as SQL over some rows of `playtime_months` (`months`) or `playtime_days`
 * (`days`): rows written are added (a sum made where there was none), rows gone taken off
 * and a sum that falls to nothing dropped, by key. Taking off only updates: when a user is
 * deleted their sums may already have gone with them, and must not be made again.
 */
function yearsOf(months: string, sign: 1 | -1) {
  if (sign > 0)
    return [
      sql.raw(`
        insert into playtime_years (user_id, game_id, year, seconds)
        select user_id, game_id, substr(month, 1, 4), sum(seconds) from ${months}
        where true group by user_id, game_id, substr(month, 1, 4)
        on conflict (user_id, game_id, year)
        do update set seconds = playtime_years.seconds + excluded.seconds`),
    ];
  return [
    sql.raw(`
      update playtime_years set seconds = playtime_years.seconds - gone.seconds
      from (select user_id, game_id, substr(month, 1, 4) as year, sum(seconds) as seconds
        from ${months} group by user_id, game_id, substr(month, 1, 4)) as gone
      where playtime_years.user_id = gone.user_id and playtime_years.game_id = gone.game_id
        and playtime_years.year = gone.year`),
    sql.raw(`
      delete from playtime_years where seconds = 0 and (user_id, game_id, year) in
        (select user_id, game_id, substr(month, 1, 4) from ${months})`),
  ];
}

function daysOf(days: string, sign: 1 | -1) {
  if (sign > 0)
    return [
      sql.raw(`
        insert into playtime_user_years (user_id, year, days)
        select user_id, substr(play_day, 1, 4), count(*) from ${days}
        where true group by user_id, substr(play_day, 1, 4)
        on conflict (user_id, year)
        do update set days = playtime_user_years.days + excluded.days`),
      sql.raw(`
        insert into play_day_totals (play_day, seconds)
        select play_day, sum(seconds) from ${days}
        where true group by play_day
        on conflict (play_day)
        do update set seconds = play_day_totals.seconds + excluded.seconds`),
    ];
  return [
    sql.raw(`
      update playtime_user_years set days = playtime_user_years.days - gone.days
      from (select user_id, substr(play_day, 1, 4) as year, count(*) as days
        from ${days} group by user_id, substr(play_day, 1, 4)) as gone
      where playtime_user_years.user_id = gone.user_id and playtime_user_years.year = gone.year`),
    sql.raw(`
      delete from playtime_user_years where days = 0 and (user_id, year) in
        (select user_id, substr(play_day, 1, 4) from ${days})`),
    sql.raw(`
      update play_day_totals set seconds = play_day_totals.seconds - gone.seconds
      from (select play_day, sum(seconds) as seconds from ${days} group by play_day) as gone
      where play_day_totals.play_day = gone.play_day`),
    sql.raw(`
      delete from play_day_totals where seconds = 0
        and play_day in (select play_day from ${days})`),
  ];
}

/** One PostgreSQL function and its trigger, once per statement on `table`. */
async function onStatement(
  db: Kysely<unknown>,
  name: string,
  table: string,
  event: 'insert' | 'update' | 'delete',
  statements: readonly ReturnType<typeof sql.raw>[],
) {
  await sql`
    create function ${sql.raw(name)}() returns trigger language plpgsql
    set search_path from current as $$
    begin
      ${sql.join(statements, sql.raw(';\n'))};
      return null;
    end
    $$`.execute(db);
  const tables = {
    insert: 'new table as added_rows',
    update: 'old table as removed_rows new table as added_rows',
    delete: 'old table as removed_rows',
  }[event];
  await sql`
    create trigger ${sql.raw(name)}
    after ${sql.raw(event)} on ${sql.raw(table)}
    referencing ${sql.raw(tables)}
    for each statement execute function ${sql.raw(name)}()`.execute(db);
}

const postgresFunctions = [
  'playtime_years_add',
  'playtime_years_change',
  'playtime_years_remove',
  'playtime_day_sums_add',
  'playtime_day_sums_change',
  'playtime_day_sums_remove',
];

async function createPostgresTriggers(db: Kysely<unknown>) {
  const months = 'playtime_months';
  await onStatement(db, 'playtime_years_add', months, 'insert', yearsOf('added_rows', 1));
  await onStatement(db, 'playtime_years_change', months, 'update', [
    ...yearsOf('removed_rows', -1),
    ...yearsOf('added_rows', 1),
  ]);
  await onStatement(db, 'playtime_years_remove', months, 'delete', yearsOf('removed_rows', -1));
  const days = 'playtime_days';
  await onStatement(db, 'playtime_day_sums_add', days, 'insert', daysOf('added_rows', 1));
  await onStatement(db, 'playtime_day_sums_change', days, 'update', [
    ...daysOf('removed_rows', -1),
    ...daysOf('added_rows', 1),
  ]);
  await onStatement(db, 'playtime_day_sums_remove', days, 'delete', daysOf('removed_rows', -1));
}

/** The row a SQLite row trigger sees (`new` or `old`) as a one-row table. */
const monthRow = (row: 'new' | 'old') =>
  `(select ${row}.user_id as user_id, ${row}.game_id as game_id, ${row}.month as month, ${row}.seconds as seconds)`;
const dayRow = (row: 'new' | 'old') =>
  `(select ${row}.user_id as user_id, ${row}.play_day as play_day, ${row}.seconds as seconds)`;

const sqliteTriggers = [
  'playtime_years_add',
  'playtime_years_change',
  'playtime_years_remove',
  'playtime_day_sums_add',
  'playtime_day_sums_change',
  'playtime_day_sums_remove',
];

async function sqliteTrigger(
  db: Kysely<unknown>,
  name: string,
  table: string,
  event: 'insert' | 'update' | 'delete',
  statements: readonly ReturnType<typeof sql.raw>[],
) {
  await sql`
    create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(table)}
    begin
      ${sql.join(statements, sql.raw(';\n'))};
    end`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>) {
  const months = 'playtime_months';
  await sqliteTrigger(db, 'playtime_years_add', months, 'insert', yearsOf(monthRow('new'), 1));
  await sqliteTrigger(db, 'playtime_years_change', months, 'update', [
    ...yearsOf(monthRow('old'), -1),
    ...yearsOf(monthRow('new'), 1),
  ]);
  await sqliteTrigger(db, 'playtime_years_remove', months, 'delete', yearsOf(monthRow('old'), -1));
  const days = 'playtime_days';
  await sqliteTrigger(db, 'playtime_day_sums_add', days, 'insert', daysOf(dayRow('new'), 1));
  await sqliteTrigger(db, 'playtime_day_sums_change', days, 'update', [
    ...daysOf(dayRow('old'), -1),
    ...daysOf(dayRow('new'), 1),
  ]);
  await sqliteTrigger(db, 'playtime_day_sums_remove', days, 'delete', daysOf(dayRow('old'), -1));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // Dropping a trigger's function drops the trigger.
    for (const name of postgresFunctions)
      await sql`drop function ${sql.raw(name)}() cascade`.execute(db);
  } else {
    for (const name of sqliteTriggers) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  }
  await db.schema.dropTable('play_day_totals').execute();
  await db.schema.dropTable('playtime_user_years').execute();
  await db.schema.dropTable('playtime_years').execute();
}
