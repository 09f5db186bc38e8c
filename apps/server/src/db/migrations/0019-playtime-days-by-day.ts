import type { Kysely } from 'kysely';

/**
 * The play days' index holds their seconds too (issue 33, the first read after a change):
 * a year's rewind sums the seconds of every play day of the year, and with (play day, user)
 * alone SQLite looked each of those rows up in the table or read them user by user and
 * sorted them by day (a year at scale 10: 50k rows, 27 ms). With the seconds in the index
 * the sums are one walk of it in day order (9 ms). Every use of the old index (its columns
 * lead this one) is served by the new one. (Since migration 0020 a rewind reads those sums
 * kept; this index still serves any range of days, such as a running year's after today.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('playtime_days_by_day_index')
    .on('playtime_days')
    .columns(['play_day', 'user_id', 'seconds'])
    .execute();
  await db.schema.dropIndex('playtime_days_play_day_index').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('playtime_days_play_day_index')
    .on('playtime_days')
    .columns(['play_day', 'user_id'])
    .execute();
  await db.schema.dropIndex('playtime_days_by_day_index').execute();
}
