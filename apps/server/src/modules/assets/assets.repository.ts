import { sql, type Transaction } from 'kysely';
import { toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { ImageType, VariantFormat } from './image-encoding.ts';

/** An image as it is kept: the master, in the type it was uploaded in. */
export type AssetValues = {
  assetId: string;
  type: ImageType;
  bytes: Buffer;
  etag: string;
  /** 0 × 0 for a file moved in from an old data folder that could not be decoded. */
  width: number;
  height: number;
  modificationDate: Date;
};

export type VariantValues = {
  assetId: string;
  /** AVIF or WebP, or the master's own type at a smaller width. */
  format: VariantFormat | ImageType;
  /** In pixels, as `servedWidthOf` answers it. */
  width: number;
  /** The etag of the master it was made from. */
  sourceEtag: string;
  bytes: Buffer;
  etag: string;
};

/** What serving one representation needs; `bytes` and `etag` are those of that representation. */
export type AssetRepresentation = {
  type: ImageType;
  masterEtag: string;
  masterWidth: number;
  modificationDate: Date;
  representation: { bytes: Buffer; etag: string } | undefined;
};

/** node:sqlite answers a Uint8Array, pg a Buffer; a Buffer over the same memory either way. */
function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

export async function findAsset(
  db: AppDatabase,
  assetId: string,
): Promise<AssetValues | undefined> {
  const row = await db
    .selectFrom('assets')
    .selectAll()
    .where('asset_id', '=', assetId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    assetId: row.asset_id,
    type: row.type as ImageType,
    bytes: toBuffer(row.bytes),
    etag: row.etag,
    width: row.width,
    height: row.height,
    modificationDate: new Date(toIsoTimestamp(row.modification_date)),
  };
}

/**
 * The width in pixels an image is served at when `width` is asked for: that, or the
 * master's own when it is narrower (an image is never enlarged), or the master's own when
 * no width is asked for. Variants are kept under this width.
 */
export function servedWidthOf(masterWidth: number, width: number | undefined): number {
  return width === undefined ? masterWidth : Math.min(width, masterWidth);
}

/**
 * One query per request: the master's headers with the bytes of the representation asked
 * for — the master itself, or the variant made from this very master (a variant of an
 * image since replaced does not count) in that format (`master`: the master's own type)
 * at the width served (`servedWidthOf`); undefined when there is none yet.
 */
export async function findAssetRepresentation(
  db: AppDatabase,
  assetId: string,
  format: VariantFormat | 'master',
  width?: number,
): Promise<AssetRepresentation | undefined> {
  const servedWidth =
    width === undefined
      ? sql<number>`a.width`
      : sql<number>`case when a.width < ${width} then a.width else ${width} end`;
  // The master itself is the answer when it is asked for in its own type at its own width
  // or wider; the database tells which, as it knows the width.
  const masterBytes =
    format !== 'master'
      ? undefined
      : width === undefined
        ? sql<Uint8Array | null>`a.bytes`
        : sql<Uint8Array | null>`case when a.width <= ${width} then a.bytes end`;
  const row = await db
    .selectFrom('assets as a')
    .leftJoin('asset_variants as v', (join) => {
      const ofThisMaster = join
        .onRef('v.asset_id', '=', 'a.asset_id')
        .onRef('v.source_etag', '=', 'a.etag')
        .on('v.width', '=', servedWidth);
      return format === 'master'
        ? ofThisMaster.onRef('v.format', '=', 'a.type')
        : ofThisMaster.on('v.format', '=', format);
    })
    .select([
      'a.type',
      'a.etag as master_etag',
      'a.width as master_width',
      'a.modification_date',
      'v.bytes',
      'v.etag',
    ])
    .$if(masterBytes !== undefined, (query) =>
      query.select((masterBytes ?? sql<null>`null`).as('master_bytes')),
    )
    .where('a.asset_id', '=', assetId)
    .executeTakeFirst();
  if (!row) return undefined;
  const master = (row as { master_bytes?: Uint8Array | null }).master_bytes;
  const representation = master
    ? { bytes: toBuffer(master), etag: row.master_etag }
    : row.bytes && row.etag
      ? { bytes: toBuffer(row.bytes), etag: row.etag }
      : undefined;
  return {
    type: row.type as ImageType,
    masterEtag: row.master_etag,
    masterWidth: row.master_width,
    modificationDate: new Date(toIsoTimestamp(row.modification_date)),
    representation,
  };
}

function columnsOf(asset: AssetValues) {
  return {
    asset_id: asset.assetId,
    type: asset.type,
    bytes: asset.bytes,
    etag: asset.etag,
    width: asset.width,
    height: asset.height,
    modification_date: asset.modificationDate.toISOString(),
  };
}

/** The variants made from any other master than the one now kept go. */
async function deleteOutdatedVariants(trx: Transaction<Database>, assetId: string): Promise<void> {
  await trx
    .deleteFrom('asset_variants')
    .where('asset_id', '=', assetId)
    .where('source_etag', 'not in', (query) =>
      query.selectFrom('assets').select('etag').where('asset_id', '=', assetId),
    )
    .execute();
}

/** Writes the image, replacing any before it, and drops the variants of the old one. */
export async function replaceAsset(db: AppDatabase, asset: AssetValues): Promise<void> {
  const columns = columnsOf(asset);
  await db.transaction().execute(async (trx) => {
    const { asset_id: _key, ...changes } = columns;
    await trx
      .insertInto('assets')
      .values(columns)
      .onConflict((conflict) => conflict.column('asset_id').doUpdateSet(changes))
      .execute();
    await deleteOutdatedVariants(trx, asset.assetId);
  });
}

/**
 * Writes an image moved in from an old data folder unless the database holds one changed
 * at the same time or later (an upload since, or the same file moved in by another server).
 * Returns whether it was written.
 */
export async function insertAssetUnlessNewer(
  db: AppDatabase,
  asset: AssetValues,
): Promise<boolean> {
  const columns = columnsOf(asset);
  return db.transaction().execute(async (trx) => {
    const { asset_id: _key, ...changes } = columns;
    const written = await trx
      .insertInto('assets')
      .values(columns)
      .onConflict((conflict) =>
        conflict
          .column('asset_id')
          .doUpdateSet(changes)
          .where('assets.modification_date', '<', columns.modification_date),
      )
      .returning('asset_id')
      .executeTakeFirst();
    await deleteOutdatedVariants(trx, asset.assetId);
    return written !== undefined;
  });
}

/**
 * Keeps a variant made from the master with `sourceEtag`, if that is still the master.
 * Servers that make the same variant at once all try; the first one stays. A leftover of
 * an older master (written while a replacement was committing) is overwritten.
 */
export async function insertAssetVariant(db: AppDatabase, variant: VariantValues): Promise<void> {
  await db
    .insertInto('asset_variants')
    .columns(['asset_id', 'format', 'width', 'source_etag', 'bytes', 'etag'])
    .expression((eb) =>
      eb
        .selectFrom('assets')
        .select([
          eb.val(variant.assetId).as('asset_id'),
          eb.val(variant.format).as('format'),
          eb.val(variant.width).as('width'),
          eb.val(variant.sourceEtag).as('source_etag'),
          eb.val(variant.bytes).as('bytes'),
          eb.val(variant.etag).as('etag'),
        ])
        .where('asset_id', '=', variant.assetId)
        .where('etag', '=', variant.sourceEtag),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['asset_id', 'format', 'width'])
        .doUpdateSet((eb) => ({
          source_etag: eb.ref('excluded.source_etag'),
          bytes: eb.ref('excluded.bytes'),
          etag: eb.ref('excluded.etag'),
        }))
        .whereRef('asset_variants.source_etag', '<>', 'excluded.source_etag'),
    )
    .execute();
}
