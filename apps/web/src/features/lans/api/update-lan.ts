import type { Lan, LanUpdate } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLans } from '../../../lib/lans/lans-query-keys.ts';

/** PUT /api/lans/{id}: every field of the lan (activating it is a change of isActive). */
export function updateLan(lan: LanUpdate): Promise<Lan> {
  return apiRequest<Lan>(`/api/lans/${lan.id}`, { method: 'PUT', body: lan });
}

export function useUpdateLan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLan,
    onSuccess: async (saved) => {
      // The public pages too: the upcoming list, the archive, the lan's own page.
      await invalidateLans(queryClient, { savedLan: saved });
    },
  });
}
