import { createHash } from 'node:crypto';
import { type AssetKindName, assetIdOf } from '@lanparty/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { imageBounds } from './asset-names.ts';
import {
  findAsset,
  findAssetRepresentation,
  insertAssetVariant,
  replaceAsset,
} from './assets.repository.ts';
import {
  contentTypes,
  encodeImageVariant,
  encodeUploadedImage,
  type VariantFormat,
} from './image-encoding.ts';
import { chooseImageFormat } from './image-negotiation.ts';

/** A strong validator of exactly these bytes, so each format of an image has its own. */
export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/**
 * Keeps an uploaded image (after encoding it again, see image-encoding.ts) in place of the
 * one before it. Nothing is written when the upload is refused, so the old image stays.
 */
export async function saveImage(deps: {
  db: AppDatabase;
  kind: AssetKindName;
  id: number;
  bytes: Buffer;
  now?: Date;
}): Promise<void> {
  const image = await encodeUploadedImage(deps.bytes, imageBounds[deps.kind]);
  await replaceAsset(deps.db, {
    assetId: assetIdOf(deps.kind, deps.id),
    ...image,
    etag: etagOf(image.bytes),
    modificationDate: deps.now ?? new Date(),
  });
}

export type ServedImage = {
  bytes: Buffer;
  contentType: string;
  etag: string;
  modificationDate: Date;
};

/**
 * Reads images in the format each request accepts. AVIF and WebP are made on the first
 * request that wants them and kept in the database (every server then serves the same
 * bytes under the same ETag); requests that arrive while one is being made wait for it.
 */
export function createImageReader(deps: { db: AppDatabase; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  const beingMade = new Map<string, Promise<ServedImage | undefined>>();

  async function makeVariant(
    assetId: string,
    format: VariantFormat,
  ): Promise<ServedImage | undefined> {
    const master = await findAsset(db, assetId);
    if (!master) return undefined;
    const served = { modificationDate: master.modificationDate };
    let bytes: Buffer;
    try {
      bytes = await encodeImageVariant(master.bytes, format);
    } catch (error) {
      // Only a file moved in as it was, because it could not be decoded, gets here: it
      // is served as it is kept rather than not at all.
      log.warn({ err: error, assetId, format }, 'image variant could not be made');
      return {
        ...served,
        bytes: master.bytes,
        contentType: contentTypes[master.type],
        etag: master.etag,
      };
    }
    const etag = etagOf(bytes);
    await insertAssetVariant(db, { assetId, format, sourceEtag: master.etag, bytes, etag });
    return { ...served, bytes, contentType: contentTypes[format], etag };
  }

  return async function readImage(
    assetId: string,
    accept: string | undefined,
  ): Promise<ServedImage | undefined> {
    const format = chooseImageFormat(accept);
    const found = await findAssetRepresentation(db, assetId, format);
    if (!found) return undefined;
    if (found.representation) {
      return {
        ...found.representation,
        contentType: contentTypes[format === 'master' ? found.type : format],
        modificationDate: found.modificationDate,
      };
    }
    if (format === 'master') return undefined;
    const key = `${assetId} ${format} ${found.masterEtag}`;
    let making = beingMade.get(key);
    if (!making) {
      making = makeVariant(assetId, format).finally(() => beingMade.delete(key));
      beingMade.set(key, making);
    }
    return making;
  };
}
