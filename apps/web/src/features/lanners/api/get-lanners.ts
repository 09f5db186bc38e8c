import { useQuery } from '@tanstack/react-query';
import { allUsersQueryOptions } from '../../../lib/users/list-users.ts';
import type { UserListFilter } from '../../../lib/users/users-query-keys.ts';

/** Spec §2: members are listed first and on their own. */
export const membersFilter: UserListFilter = { roles: ['Member'] };

/** Lanners who are not members. */
export const lannersFilter: UserListFilter = { roles: ['Lanner'], missingRoles: ['Member'] };

/** Every member, by nickname (GET /api/users?roles=Member, all pages). */
export function useMembers() {
  return useQuery(allUsersQueryOptions(membersFilter));
}

/** Every lanner who is not a member (GET /api/users?roles=Lanner&missingRoles=Member). */
export function useLannersWithoutMembership() {
  return useQuery(allUsersQueryOptions(lannersFilter));
}
