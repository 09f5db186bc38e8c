import type { Seating, SeatingInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from '../../../lib/lans/lans-query-keys.ts';

/**
 * PUT /api/lans/{id}/seating: the whole plan in one step (a seat without id is new, one
 * left out is removed). The server refuses to remove or block a seat someone holds (409
 * naming them).
 */
export function saveSeating(lanId: number, plan: SeatingInput): Promise<Seating> {
  return apiRequest<Seating>(`/api/lans/${lanId}/seating`, { method: 'PUT', body: plan });
}

export function useSaveSeating(lanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: SeatingInput) => saveSeating(lanId, plan),
    // The answer is the plan as saved: the editor and the lan page show it at once.
    onSuccess: (saved) => queryClient.setQueryData(lansKeys.seating(lanId), saved),
  });
}
