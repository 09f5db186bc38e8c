import type { Kysely } from 'kysely';
import { dialectOf } from '../columns.ts';

/**
 * Images served at the width they are shown (issue 14, decision 024): a variant is now one
 * format at one width, so `asset_variants` is keyed by both. Variants are only ever made
 * from the master, on the first request that wants them, so the old ones go with the old
 * table rather than being copied: each is made again when it is next asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_variants').execute();
  await db.schema
    .createTable('asset_variants')
    .addColumn('asset_id', 'text', (column) =>
      column.notNull().references('assets.asset_id').onDelete('cascade'),
    )
    // avif, webp, or the master's own type (jpg, png) at a smaller width.
    .addColumn('format', 'text', (column) => column.notNull())
    // In pixels: the master's own width, or the smaller one asked for.
    .addColumn('width', 'integer', (column) => column.notNull())
    // The master's etag it was made from: a variant of a replaced image is never served.
    .addColumn('source_etag', 'text', (column) => column.notNull())
    .addColumn('bytes', bytesType(db), (column) => column.notNull())
    .addColumn('etag', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('asset_variants_primary_key', ['asset_id', 'format', 'width'])
    .execute();
}

/** Back to migration 0006's table: one variant per format, at the master's width. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_variants').execute();
  await db.schema
    .createTable('asset_variants')
    .addColumn('asset_id', 'text', (column) =>
      column.notNull().references('assets.asset_id').onDelete('cascade'),
    )
    .addColumn('format', 'text', (column) => column.notNull())
    .addColumn('source_etag', 'text', (column) => column.notNull())
    .addColumn('bytes', bytesType(db), (column) => column.notNull())
    .addColumn('etag', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('asset_variants_primary_key', ['asset_id', 'format'])
    .execute();
}

function bytesType(db: Kysely<unknown>): 'bytea' | 'blob' {
  return dialectOf(db) === 'postgres' ? 'bytea' : 'blob';
}
