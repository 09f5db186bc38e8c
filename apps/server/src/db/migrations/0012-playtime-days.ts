import { type Kysely, sql } from 'kysely';

/**
 * A third rollup of `playtimes` (issue 14): seconds per user and play day, all games
 * together, written in the same transaction as `playtimes` like `playtime_months`. A
 * year's rewind counts each player's play days and sums each day; read from `playtimes`
 * that meant every (user, game, day) row of the year, three or four per day played, so the
 * rewind grew with every game anyone played. Filled from the playtime already collected.
 * No trigger of its own: it is only written with `playtimes`, whose trigger raises the
 * `playtime` version (migration 0010).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('playtime_days')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('play_day', 'text', (column) => column.notNull())
    .addColumn('seconds', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('playtime_days_pk', ['user_id', 'play_day'])
    .execute();
  await db.schema
    .createIndex('playtime_days_play_day_index')
    .on('playtime_days')
    .columns(['play_day', 'user_id'])
    .execute();
  await sql`
    insert into playtime_days (user_id, play_day, seconds)
    select user_id, play_day, sum(seconds) from playtimes group by user_id, play_day
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playtime_days').execute();
}
