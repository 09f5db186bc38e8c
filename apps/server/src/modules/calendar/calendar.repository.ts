import type { AppDatabase } from '../../db/database.ts';

/** Every active lan, upcoming and past, oldest first: what the calendar feed shows. */
export async function listActiveLansForCalendar(db: AppDatabase) {
  return db
    .selectFrom('lans')
    .select([
      'id',
      'name',
      'description',
      'start_date',
      'end_date',
      'modification_date',
      'location_name',
      'location_address',
    ])
    .where('is_active', '=', true)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}
