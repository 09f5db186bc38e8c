import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../api-client.ts';

/** An image asset: absent (the caller shows its fallback), or present since lastModified. */
export type AssetVersion = { exists: false } | { exists: true; lastModified: number | null };

export const assetKeys = {
  all: ['assets'] as const,
  version: (assetId: string) => ['assets', assetId, 'version'] as const,
};

/**
 * HEAD /api/assets/{id}: whether the image exists and when it last changed. A 404 means
 * "no image" (spec §8: fallback image); any other error is thrown to the query.
 */
export async function getAssetVersion(assetId: string): Promise<AssetVersion> {
  try {
    const response = await apiFetch(`/api/assets/${encodeURIComponent(assetId)}`, {
      method: 'HEAD',
    });
    const header = response.headers.get('Last-Modified');
    const lastModified = header ? Date.parse(header) : Number.NaN;
    return { exists: true, lastModified: Number.isNaN(lastModified) ? null : lastModified };
  } catch (error) {
    if (isApiError(error, 404)) return { exists: false };
    throw error;
  }
}

/** The image's address, with `lm` changing whenever the image does (cache busting). */
export function assetImageUrl(assetId: string, lastModified: number | null): string {
  const path = `/api/assets/${encodeURIComponent(assetId)}`;
  return lastModified === null ? path : `${path}?lm=${lastModified}`;
}

export function assetVersionQueryOptions(assetId: string) {
  return queryOptions({
    queryKey: assetKeys.version(assetId),
    queryFn: () => getAssetVersion(assetId),
    retry: false,
  });
}

export function useAssetVersion(assetId: string) {
  return useQuery(assetVersionQueryOptions(assetId));
}
