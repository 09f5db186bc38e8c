import { createHash } from 'node:crypto';
import { type AssetKindName, assetIdOf } from '@lanparty/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { findUserById } from '../accounts/accounts.repository.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { imageVersionOf } from '../image-versions/image-versions.repository.ts';
import { findLanById } from '../lans/lans.repository.ts';
import { type AssetName, imageBounds } from './asset-names.ts';
import {
  findAsset,
  findAssetRepresentation,
  insertAssetVariant,
  replaceAsset,
  servedWidthOf,
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
 * Refuses an upload to `name` unless the viewer may change that image (a user's avatar: the
 * user and member administrators; a lan's banner and hall: lan administrators) and what it belongs
 * to exists: 403 first, so nobody learns which ids exist.
 */
export async function authorizeUpload(
  db: AppDatabase,
  viewer: Viewer,
  name: AssetName,
): Promise<void> {
  if (name.kind === 'user') authorize(viewer, 'avatar.upload', name.id);
  else if (name.kind === 'hall') authorize(viewer, 'seating.manage');
  else authorize(viewer, 'banner.upload');
  const owner =
    name.kind === 'user' ? await findUserById(db, name.id) : await findLanById(db, name.id);
  if (!owner) throw new ProblemError(404, `There is nothing called ${name.assetId}.`);
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
  /** The image's version (`imageVersionOf` its master): what `?v=` must name to be kept long. */
  version: string;
};

/**
 * Reads images in the format each request accepts, at the width asked for. AVIF, WebP and
 * narrower copies are made on the first request that wants them and kept in the database
 * (every server then serves the same bytes under the same ETag, and an upload drops them
 * all); requests that arrive while one is being made wait for it.
 */
export function createImageReader(deps: { db: AppDatabase; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  const beingMade = new Map<string, Promise<ServedImage | undefined>>();

  async function makeVariant(
    assetId: string,
    format: VariantFormat | 'master',
    width: number | undefined,
  ): Promise<ServedImage | undefined> {
    const master = await findAsset(db, assetId);
    if (!master) return undefined;
    const masterImage: ServedImage = {
      bytes: master.bytes,
      contentType: contentTypes[master.type],
      etag: master.etag,
      modificationDate: master.modificationDate,
      version: imageVersionOf(master.etag),
    };
    // Worked out from the master read here: it may be newer than the one first looked at.
    const servedWidth = servedWidthOf(master.width, width);
    const isResized = servedWidth < master.width;
    const variantFormat = format === 'master' ? master.type : format;
    if (variantFormat === master.type && !isResized) return masterImage;
    let bytes: Buffer;
    try {
      bytes = await encodeImageVariant(
        master.bytes,
        variantFormat,
        isResized ? servedWidth : undefined,
      );
    } catch (error) {
      // Only a file moved in as it was, because it could not be decoded, gets here: it
      // is served as it is kept rather than not at all.
      log.warn({ err: error, assetId, format, width }, 'image variant could not be made');
      return masterImage;
    }
    const etag = etagOf(bytes);
    await insertAssetVariant(db, {
      assetId,
      format: variantFormat,
      width: servedWidth,
      sourceEtag: master.etag,
      bytes,
      etag,
    });
    return { ...masterImage, bytes, contentType: contentTypes[variantFormat], etag };
  }

  /** The image in the format `accept` asks for, at most `width` pixels wide when given. */
  return async function readImage(
    assetId: string,
    accept: string | undefined,
    width?: number,
  ): Promise<ServedImage | undefined> {
    const format = chooseImageFormat(accept);
    const found = await findAssetRepresentation(db, assetId, format, width);
    if (!found) return undefined;
    if (found.representation) {
      return {
        ...found.representation,
        contentType: contentTypes[format === 'master' ? found.type : format],
        modificationDate: found.modificationDate,
        version: imageVersionOf(found.masterEtag),
      };
    }
    const key = `${assetId} ${format} ${servedWidthOf(found.masterWidth, width)} ${found.masterEtag}`;
    let making = beingMade.get(key);
    if (!making) {
      making = makeVariant(assetId, format, width).finally(() => beingMade.delete(key));
      beingMade.set(key, making);
    }
    return making;
  };
}
