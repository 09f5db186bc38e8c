import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * A screen switched off keeps its row, marked (issue 51 §6): its link then says "This
 * screen was switched off", while a link that never was a screen's says there is no screen
 * there, rather than both saying "switched off". The mark raises the `screen` event as the
 * delete did (0027's trigger runs on update too), so the screen goes blank at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('screens')
    .addColumn('switched_off_date', timestampType(dialectOf(db)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('screens').dropColumn('switched_off_date').execute();
}
