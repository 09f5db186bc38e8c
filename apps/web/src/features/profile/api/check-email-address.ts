import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/**
 * GET /api/users/email-addresses/{email}: true when someone else uses the address
 * (a 2xx answer), false when it is free (404). The caller's own address counts as free.
 */
export async function isEmailAddressUsed(email: string): Promise<boolean> {
  try {
    await apiFetch(`/api/users/email-addresses/${encodeURIComponent(email)}`);
    return true;
  } catch (error) {
    if (isApiError(error, 404)) return false;
    throw error;
  }
}

export function emailAddressUsedQueryOptions(email: string) {
  return queryOptions({
    queryKey: usersKeys.emailAddress(email),
    queryFn: () => isEmailAddressUsed(email),
    staleTime: 30_000,
    retry: false,
  });
}

export function useEmailAddressUsed(email: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...emailAddressUsedQueryOptions(email), enabled: isEnabled });
}
