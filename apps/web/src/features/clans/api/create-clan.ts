import type { Clan, ClanInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSavedClan } from './get-clan.ts';

/** POST /api/clans: a new clan, led by the viewer; 409 when its name or tag is taken. */
export function createClan(clan: ClanInput): Promise<Clan> {
  return apiRequest<Clan>('/api/clans', { method: 'POST', body: clan });
}

export function useCreateClan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClan,
    onSuccess: (created) => showSavedClan(queryClient, created),
  });
}
