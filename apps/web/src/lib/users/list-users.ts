import type { Paged, UserPublic } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { fetchAllPages } from '../paging.ts';
import { type UserListFilter, usersKeys } from './users-query-keys.ts';

/** GET /api/users: one page of users (public fields), sorted by nickname. */
export function listUsersPage(
  filter: UserListFilter,
  page: { offset: number; limit: number },
): Promise<Paged<UserPublic>> {
  return apiRequest<Paged<UserPublic>>('/api/users', {
    query: {
      roles: filter.roles,
      missingRoles: filter.missingRoles,
      userIds: filter.userIds,
      sort: 'nickname',
      offset: page.offset,
      limit: page.limit,
    },
  });
}

/** Every user that matches the filter, all pages read. */
export function listAllUsers(filter: UserListFilter): Promise<UserPublic[]> {
  return fetchAllPages((page) => listUsersPage(filter, page));
}

export function allUsersQueryOptions(filter: UserListFilter) {
  return queryOptions({
    queryKey: usersKeys.list(filter),
    queryFn: () => listAllUsers(filter),
  });
}

export function useAllUsers(filter: UserListFilter) {
  return useQuery(allUsersQueryOptions(filter));
}
