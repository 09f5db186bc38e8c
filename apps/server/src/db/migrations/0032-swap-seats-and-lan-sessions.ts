import { type Kysely, sql } from 'kysely';

/**
 * Two holes of issue 50:
 *
 * - A swap names the two seats it trades, as they were when it was asked: accepting
 *   trades those seats or nothing (either of the two has moved since: a 409 that says so),
 *   and checks each seat for its new occupant as a pick does. A seat removed from the plan
 *   takes its swaps with it. Swaps asked before this migration name the seats held now.
 * - A lan's now-playing reads the sessions that began before the lan's end
 *   (`play_sessions_user_started_index`), not every session since its start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['from_seat_id', 'to_seat_id'])
    await db.schema
      .alterTable('seat_swaps')
      .addColumn(column, 'integer', (each) => each.references('seats.id').onDelete('cascade'))
      .execute();
  await sql`update seat_swaps set
    from_seat_id = (select seats.id from seats where seats.lan_id = seat_swaps.lan_id
      and seats.occupant_user_id = seat_swaps.from_user_id),
    to_seat_id = (select seats.id from seats where seats.lan_id = seat_swaps.lan_id
      and seats.occupant_user_id = seat_swaps.to_user_id)`.execute(db);
  await db.schema
    .createIndex('play_sessions_user_started_index')
    .on('play_sessions')
    .columns(['user_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('play_sessions_user_started_index').execute();
  for (const column of ['to_seat_id', 'from_seat_id'])
    await db.schema.alterTable('seat_swaps').dropColumn(column).execute();
}
