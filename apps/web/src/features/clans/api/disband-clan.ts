import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetClan } from './get-clan.ts';

/** DELETE /api/clans/{id}: the clan is gone, its members in no clan (its leader). */
export function disbandClan(id: number): Promise<void> {
  return apiRequest<void>(`/api/clans/${id}`, { method: 'DELETE' });
}

export function useDisbandClan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disbandClan,
    onSuccess: (_, id) => forgetClan(queryClient, id),
  });
}
