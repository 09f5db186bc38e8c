import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { usersKeys } from './users-query-keys.ts';

/** `Updated` when the Steam profile changed the user's nickname or avatar. */
export type SyncStatus = 'Updated' | 'Unchanged';

/** GET /api/users/me/sync-status: brings nickname and avatar in line with Steam. */
export async function getSyncStatus(): Promise<SyncStatus> {
  const text = await apiRequest<string>('/api/users/me/sync-status');
  return String(text).trim() === 'Updated' ? 'Updated' : 'Unchanged';
}

export function syncStatusQueryOptions() {
  return queryOptions({
    queryKey: usersKeys.syncStatus(),
    queryFn: getSyncStatus,
    // Once per page load, right after sign-in (spec §4).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSyncStatus({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...syncStatusQueryOptions(), enabled: isEnabled });
}
