import { readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database.ts';
import { ProblemError } from '../../http/problems.ts';
import { type AssetName, imageBounds, parseAssetName } from './asset-names.ts';
import { insertAssetUnlessNewer } from './assets.repository.ts';
import { etagOf } from './assets.service.ts';
import { detectImageType, type EncodedImage, encodeUploadedImage } from './image-encoding.ts';

/**
 * Moves the images an older version kept in `<dataDir>/assets` (`user-7.png`,
 * `lan-3.jpg`) into the database, once. Each goes through the same encoding as an upload;
 * one that cannot be decoded is kept as it is rather than lost. A file is removed only
 * after its row is committed, so a crash moves it again, which changes nothing. An image
 * in the database that is as new or newer (an upload since, the same file moved in by
 * another server starting at once) is not overwritten. Anything else in the folder
 * (`*.tmp` left by an interrupted write) stays, and so does the folder then.
 */
export async function moveAssetFilesIntoDatabase(deps: {
  db: AppDatabase;
  dataDir: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  const folder = path.join(deps.dataDir, 'assets');
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (names.length === 0) return;
  let moved = 0;
  for (const fileName of names) {
    const name = parseAssetName(fileName);
    if (name?.extension !== 'jpg' && name?.extension !== 'png') continue;
    const file = path.join(folder, fileName);
    const read = await readOldFile(file);
    if (!read) continue; // moved meanwhile by another server sharing the folder
    const { bytes, stats } = read;
    const image = await encodeOldImage({ bytes, name, fileName, log: deps.log });
    const isWritten = await insertAssetUnlessNewer(deps.db, {
      assetId: name.assetId,
      ...image,
      etag: etagOf(image.bytes),
      // Last-Modified stays what the old version answered for it.
      modificationDate: stats.mtime,
    });
    if (isWritten) moved += 1;
    await rm(file, { force: true });
  }
  const left = await readdir(folder).catch(() => []);
  if (left.length === 0) await rmdir(folder).catch(() => undefined);
  deps.log.info({ moved, left }, 'images moved from the data folder into the database');
}

async function readOldFile(file: string) {
  try {
    const [bytes, stats] = await Promise.all([readFile(file), stat(file)]);
    return { bytes, stats };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function encodeOldImage(old: {
  bytes: Buffer;
  name: AssetName;
  fileName: string;
  log: FastifyBaseLogger;
}): Promise<EncodedImage> {
  try {
    return await encodeUploadedImage(old.bytes, imageBounds[old.name.kind]);
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    old.log.warn({ file: old.fileName, reason: error.message }, 'old image kept as it was');
    const type = detectImageType(old.bytes) ?? (old.name.extension === 'jpg' ? 'jpg' : 'png');
    return { type, bytes: old.bytes, width: 0, height: 0 };
  }
}
