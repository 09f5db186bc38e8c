import type { Executor } from '../../db/executor.ts';

/*
 * The versions of uploaded images, for the answers that show users and lans
 * (`avatarVersion`, `bannerVersion`) and for the assets module that serves them by it
 * (decision 024). Below users, lans and assets alike, so none of them imports another.
 */

/**
 * The version of an image as clients see it (`avatarVersion`, `bannerVersion`, `?v=`): its
 * master's ETag without the quotes, so every upload of other bytes has a new one.
 */
export function imageVersionOf(etag: string): string {
  return etag.replaceAll('"', '');
}

/**
 * The versions of these images, one query for all of them; an image that does not exist
 * is not in the map.
 */
export async function findImageVersions(
  db: Executor,
  assetIds: readonly string[],
): Promise<Map<string, string>> {
  const versions = new Map<string, string>();
  if (assetIds.length === 0) return versions;
  const rows = await db
    .selectFrom('assets')
    .select(['asset_id', 'etag'])
    .where('asset_id', 'in', [...new Set(assetIds)])
    .execute();
  for (const row of rows) versions.set(row.asset_id, imageVersionOf(row.etag));
  return versions;
}
