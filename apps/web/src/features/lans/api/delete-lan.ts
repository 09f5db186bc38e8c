import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLans, lansKeys } from '../../../lib/lans/lans-query-keys.ts';

/** DELETE /api/lans/{id}: 409 while the lan has Paid subscribers. */
export function deleteLan(id: number): Promise<void> {
  return apiRequest<void>(`/api/lans/${id}`, { method: 'DELETE' });
}

export function useDeleteLan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLan,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: lansKeys.detail(id) });
      await invalidateLans(queryClient);
    },
  });
}
