import type { Paged, SignUp } from '@lanparty/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { usersKeys } from './users-query-keys.ts';

type PageRequest = { offset: number; limit: number };

/**
 * The sign-ups are a list of users, so their keys sit under the users' list keys: a role
 * change anywhere (Make lanner here, the role editor of a user) refreshes them and the
 * count beside the Admin link.
 */
export const signUpsKeys = {
  all: [...usersKeys.lists(), 'sign-ups'] as const,
  page: (page: PageRequest) => [...usersKeys.lists(), 'sign-ups', page] as const,
};

/**
 * GET /api/sign-ups: users without the Lanner role, newest first (member and system
 * administrators).
 */
export function listSignUps(page: PageRequest): Promise<Paged<SignUp>> {
  return apiRequest<Paged<SignUp>>('/api/sign-ups', { query: page });
}

export function signUpsQueryOptions(page: PageRequest) {
  return queryOptions({ queryKey: signUpsKeys.page(page), queryFn: () => listSignUps(page) });
}

/** One page of sign-ups; the previous page stays shown while the next one loads. */
export function useSignUps(page: PageRequest) {
  return useQuery({ ...signUpsQueryOptions(page), placeholderData: keepPreviousData });
}

/**
 * How many sign-ups wait for verification (the `total` of a one-item page), for viewers
 * who may verify them; undefined for everyone else and until it is known.
 */
export function useSignUpCount({ isEnabled }: { isEnabled: boolean }): number | undefined {
  const page = useQuery({
    ...signUpsQueryOptions({ offset: 0, limit: 1 }),
    enabled: isEnabled,
    select: (signUps) => signUps.total,
  });
  return isEnabled ? page.data : undefined;
}
