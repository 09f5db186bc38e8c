import type { Clan } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clansKeys } from '../../../lib/clans/clans-query-keys.ts';

/** POST /api/clans/{id}/code: a new invite code; the old link stops working (its leader). */
export function renewInviteCode(id: number): Promise<{ code: string }> {
  return apiRequest<{ code: string }>(`/api/clans/${id}/code`, { method: 'POST' });
}

/** Makes a new invite code and shows it in the clan at once: nothing else shows a code. */
export function useRenewInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewInviteCode,
    onSuccess: ({ code }, id) =>
      queryClient.setQueryData<Clan>(clansKeys.detail(id), (clan) =>
        clan ? { ...clan, code } : clan,
      ),
  });
}
