import { type Kysely, sql } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * What the community played, from Steam presence (issue "Stats"):
 *
 * - `games`: Steam apps by their app id, named from GetOwnedGames once known.
 * - `play_sessions`: one row per sighting streak of a user in a game; `ended_at` null
 *   while it runs. Closing one adds its time to `playtimes`.
 * - `playtimes`: seconds per (user, game, play day). A play day is `yyyy-MM-dd` and runs
 *   06:00 to 06:00 in the community's time zone.
 * - `playtime_months`: the same summed per month (`yyyy-MM`), kept up to date in the
 *   transaction that writes `playtimes`, so a month's leaderboard reads a few thousand
 *   rows however long the history grows.
 * - `player_totals`: per user, all-time seconds, play days, games and last play day,
 *   kept with `playtimes` too (the all-time leaderboard would otherwise read every row).
 * - `steam_profiles`: per user, when their owned games were last fetched and whether
 *   their game details are private. Apart from `users`, so this bookkeeping does not
 *   count as a change of what lan pages show (migration 0004).
 * - `steam_calls`: Steam Web API calls per day and method.
 * - `users.lanner_since`: when the user first had Lanner or Member; only such users
 *   appear in leaderboards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const serial = dialect === 'postgres' ? 'serial' : 'integer';

  await db.schema
    .createTable('games')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('icon_hash', 'text')
    .addColumn('is_named', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('play_sessions')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('game_id', 'integer', (column) => column.notNull().references('games.id'))
    .addColumn('started_at', timestamp, (column) => column.notNull())
    .addColumn('last_seen_at', timestamp, (column) => column.notNull())
    .addColumn('ended_at', timestamp)
    .execute();
  await db.schema
    .createIndex('play_sessions_open_index')
    .on('play_sessions')
    .columns(['ended_at', 'user_id'])
    .execute();

  await db.schema
    .createTable('playtimes')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('game_id', 'integer', (column) => column.notNull().references('games.id'))
    .addColumn('play_day', 'text', (column) => column.notNull())
    .addColumn('seconds', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('playtimes_pk', ['user_id', 'game_id', 'play_day'])
    .execute();
  await db.schema
    .createIndex('playtimes_play_day_index')
    .on('playtimes')
    // With the seconds, a year's per-day sums and per-user day counts read only the index.
    .columns(['play_day', 'user_id', 'seconds'])
    .execute();

  await db.schema
    .createTable('playtime_months')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('game_id', 'integer', (column) => column.notNull().references('games.id'))
    .addColumn('month', 'text', (column) => column.notNull())
    .addColumn('seconds', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('playtime_months_pk', ['user_id', 'game_id', 'month'])
    .execute();
  await db.schema
    .createIndex('playtime_months_month_index')
    .on('playtime_months')
    .columns(['month', 'user_id'])
    .execute();

  await db.schema
    .createTable('player_totals')
    .addColumn('user_id', 'integer', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('seconds', 'bigint', (column) => column.notNull())
    .addColumn('days', 'integer', (column) => column.notNull())
    .addColumn('games', 'integer', (column) => column.notNull())
    .addColumn('last_play_day', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('steam_profiles')
    .addColumn('user_id', 'integer', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('games_checked_at', timestamp)
    .addColumn('is_private', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('steam_calls')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('calls', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('steam_calls_pk', ['day', 'method'])
    .execute();

  await db.schema.alterTable('users').addColumn('lanner_since', timestamp).execute();
  // Whoever is a lanner or member today has been one since at least now.
  await sql`
    update users set lanner_since = ${new Date().toISOString()}
    where id in (select user_id from user_roles where role in ('Lanner', 'Member'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('lanner_since').execute();
  for (const table of [
    'steam_calls',
    'steam_profiles',
    'player_totals',
    'playtime_months',
    'playtimes',
    'play_sessions',
    'games',
  ])
    await db.schema.dropTable(table).execute();
}
