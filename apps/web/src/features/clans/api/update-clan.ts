import type { Clan, ClanInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSavedClan } from './get-clan.ts';

/** PUT /api/clans/{id}: a new name, tag and colour (its leader). */
export function updateClan({ id, changes }: { id: number; changes: ClanInput }): Promise<Clan> {
  return apiRequest<Clan>(`/api/clans/${id}`, { method: 'PUT', body: changes });
}

export function useUpdateClan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClan,
    onSuccess: (saved) => showSavedClan(queryClient, saved),
  });
}
