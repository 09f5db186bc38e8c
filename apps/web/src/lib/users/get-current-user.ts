import type { UserProfile } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { usersKeys } from './users-query-keys.ts';

/** GET /api/users/me: the signed-in user's whole profile. */
export function getCurrentUser(): Promise<UserProfile> {
  return apiRequest<UserProfile>('/api/users/me');
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: usersKeys.me(),
    queryFn: getCurrentUser,
    // Refetched when this app changes it (saving, verifying) and when a `user` live update
    // says someone else did (an administrator's role change), never merely on focus.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useCurrentUser({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled: isEnabled });
}
