import type { Clan } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSavedClan } from './get-clan.ts';

/**
 * POST /api/clans/{id}/members: joins with the invite link's code. 403 when the code is not
 * the clan's (any more), 409 when the viewer is in a clan already.
 */
export function joinClan({ id, code }: { id: number; code: string }): Promise<Clan> {
  return apiRequest<Clan>(`/api/clans/${id}/members`, { method: 'POST', body: { code } });
}

export function useJoinClan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinClan,
    onSuccess: (clan) => showSavedClan(queryClient, clan),
  });
}
