import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageType } from './image-files.ts';

export type StoredAsset = { bytes: Buffer; type: ImageType; modifiedAt: Date; etag: string };

const types: ImageType[] = ['jpg', 'png'];

/** Images kept as files in `<data>/assets`, one per asset id (`user-7.png`). */
export function createAssetStore(dataDir: string) {
  const folder = path.join(dataDir, 'assets');
  const fileOf = (assetId: string, type: ImageType) => path.join(folder, `${assetId}.${type}`);

  return {
    async read(assetId: string): Promise<StoredAsset | undefined> {
      for (const type of types) {
        try {
          const file = fileOf(assetId, type);
          const [bytes, stats] = await Promise.all([readFile(file), stat(file)]);
          const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
          return { bytes, type, modifiedAt: stats.mtime, etag };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return undefined;
    },

    /** Replaces the asset atomically; a previous file of the other type goes. */
    async write(assetId: string, type: ImageType, bytes: Buffer): Promise<void> {
      await mkdir(folder, { recursive: true });
      const file = fileOf(assetId, type);
      await writeFile(`${file}.tmp`, bytes);
      await rename(`${file}.tmp`, file);
      for (const other of types.filter((candidate) => candidate !== type)) {
        await rm(fileOf(assetId, other), { force: true });
      }
    },
  };
}

export type AssetStore = ReturnType<typeof createAssetStore>;
