import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * What several servers on one database must share, kept in the database rather than in
 * each server's data folder (see docs/decisions/015-several-instances-share-the-database.md):
 *
 * - `attempt_counters`: attempts per key (an account, an address, a user) in fixed windows,
 *   so a limit holds across instances;
 * - `site_secrets`: the embedded identity provider's signing keys and cookie keys, so a
 *   token or a sign-in started on one server is good on every other;
 * - `assets` and `asset_variants`: uploaded images as bytes (which also puts them in every
 *   backup), and the other formats made from them for browsers that accept them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('count', 'integer', (column) => column.notNull())
    // Epoch milliseconds: compared as numbers, the same on both engines.
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('attempt_counters_expires_at_index')
    .on('attempt_counters')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('site_secrets')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('assets')
    .addColumn('asset_id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('bytes', bytes, (column) => column.notNull())
    .addColumn('etag', 'text', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('asset_variants')
    .addColumn('asset_id', 'text', (column) =>
      column.notNull().references('assets.asset_id').onDelete('cascade'),
    )
    .addColumn('format', 'text', (column) => column.notNull())
    // The master's etag it was made from: a variant of a replaced image is never served.
    .addColumn('source_etag', 'text', (column) => column.notNull())
    .addColumn('bytes', bytes, (column) => column.notNull())
    .addColumn('etag', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('asset_variants_primary_key', ['asset_id', 'format'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['asset_variants', 'assets', 'site_secrets', 'attempt_counters']) {
    await db.schema.dropTable(table).execute();
  }
}
