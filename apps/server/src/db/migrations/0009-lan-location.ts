import { type Kysely, sql } from 'kysely';

/**
 * Where a lan is held (issue 13): the venue's name and its address, two nullable text
 * columns. They are given together or not at all; the second column's check says so, so
 * no write path can store half a location. (A column check may name another column on
 * both engines, and SQLite can add a column with a check but not a check on its own.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lans').addColumn('location_name', 'text').execute();
  await db.schema
    .alterTable('lans')
    .addColumn('location_address', 'text', (column) =>
      column.check(sql`(location_name is null) = (location_address is null)`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The address first: its check names the name, and SQLite keeps a named column.
  await db.schema.alterTable('lans').dropColumn('location_address').execute();
  await db.schema.alterTable('lans').dropColumn('location_name').execute();
}
