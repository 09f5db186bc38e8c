import type { Clan, ClanRole } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSavedClan } from './get-clan.ts';

export type RoleChange = { clanId: number; userId: number; role: ClanRole };

/**
 * PUT /api/clans/{id}/members/{userId} (its leader): a seat manager or a plain member;
 * `leader` hands the clan over, the old leader becoming a seat manager.
 */
export function changeMemberRole({ clanId, userId, role }: RoleChange): Promise<Clan> {
  return apiRequest<Clan>(`/api/clans/${clanId}/members/${userId}`, {
    method: 'PUT',
    body: { role },
  });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: (clan) => showSavedClan(queryClient, clan),
  });
}
