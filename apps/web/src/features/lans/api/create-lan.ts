import type { Lan, LanInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLans } from '../../../lib/lans/lans-query-keys.ts';

/** POST /api/lans. */
export function createLan(lan: LanInput): Promise<Lan> {
  return apiRequest<Lan>('/api/lans', { method: 'POST', body: lan });
}

export function useCreateLan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLan,
    onSuccess: async (created) => {
      await invalidateLans(queryClient, { savedLan: created });
    },
  });
}
