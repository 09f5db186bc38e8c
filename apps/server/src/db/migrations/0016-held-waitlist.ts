import type { Kysely } from 'kysely';

/**
 * `lans.is_waitlist_held` (decision 032): true while places freed on a full lan that was
 * inactive wait for its waitlist. Nobody moves up on an inactive lan; once it is active
 * again, the first on the waitlist take those places, and the flag is cleared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lans')
    .addColumn('is_waitlist_held', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lans').dropColumn('is_waitlist_held').execute();
}
