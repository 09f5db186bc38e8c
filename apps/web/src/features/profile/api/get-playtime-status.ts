import type { PlaytimeStatus } from '@lanparty/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/** GET /api/users/me/playtime-status: whether Steam lets the site count the user's playtime. */
export function getPlaytimeStatus(): Promise<PlaytimeStatus> {
  return apiRequest<PlaytimeStatus>('/api/users/me/playtime-status');
}

export function usePlaytimeStatus({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: usersKeys.playtimeStatus(),
    queryFn: getPlaytimeStatus,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
