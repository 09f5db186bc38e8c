import type { LanDefaults, LanDefaultsInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lanDraftKey } from '../../../lib/lans/get-lan-draft.ts';
import { lanDefaultsKey } from './get-lan-defaults.ts';

/** PUT /api/settings/lan-defaults (lan administrators). */
export function updateLanDefaults(defaults: LanDefaultsInput): Promise<LanDefaults> {
  return apiRequest<LanDefaults>('/api/settings/lan-defaults', { method: 'PUT', body: defaults });
}

export function useUpdateLanDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanDefaults,
    onSuccess: (saved) => {
      queryClient.setQueryData(lanDefaultsKey, saved);
      queryClient.removeQueries({ queryKey: lanDraftKey });
    },
  });
}
