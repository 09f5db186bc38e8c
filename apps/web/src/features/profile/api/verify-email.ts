import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';

/**
 * PUT /api/users/me/email-verifications/{code}: true when the address is now verified.
 * A 4xx answer is a failed verification (spec §7, §8), not an error.
 */
export async function verifyEmail(code: string): Promise<boolean> {
  try {
    await apiFetch(`/api/users/me/email-verifications/${encodeURIComponent(code)}`, {
      method: 'PUT',
    });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

/** Sends the code of an e-mail verification link; refreshes the signed-in user when it worked. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async (isVerified) => {
      if (isVerified) await queryClient.invalidateQueries({ queryKey: usersKeys.me() });
    },
  });
}
