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

/** The schedule items of every active lan, by start: each an event of the feed (issue 35). */
export async function listScheduleItemsForCalendar(db: AppDatabase) {
  return db
    .selectFrom('schedule_items')
    .innerJoin('lans', 'lans.id', 'schedule_items.lan_id')
    .select([
      'schedule_items.id',
      'schedule_items.lan_id',
      'schedule_items.start_date',
      'schedule_items.end_date',
      'schedule_items.title',
      'schedule_items.place',
      'schedule_items.kind',
      'schedule_items.modification_date',
      'lans.name as lan_name',
    ])
    .where('lans.is_active', '=', true)
    .orderBy('schedule_items.start_date')
    .orderBy('schedule_items.id')
    .execute();
}
