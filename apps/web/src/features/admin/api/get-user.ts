import type { UserProfile, UserPublic } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/** GET /api/users/{id}: the whole profile for member administrators, public fields otherwise. */
export function getUser(id: number): Promise<UserProfile | UserPublic> {
  return apiRequest<UserProfile | UserPublic>(`/api/users/${id}`);
}

/** True when the answer carries the personal fields. */
export function hasPersonalFields(user: UserProfile | UserPublic): user is UserProfile {
  return 'isEmailActivated' in user;
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: usersKeys.detail(id), queryFn: () => getUser(id) });
}

export function useUser(id: number) {
  return useQuery(userQueryOptions(id));
}
