import type { LanDraft } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLansKeys } from './lans-query-keys.ts';

/** GET /api/lans/defaults: a new lan as the form starts it (next Friday to Sunday, prices). */
export function getLanDraft(): Promise<LanDraft> {
  return apiRequest<LanDraft>('/api/lans/defaults');
}

export function useLanDraft() {
  // Fresh each time the form opens: the dates depend on today, the prices on the settings.
  return useQuery(
    queryOptions({ queryKey: adminLansKeys.draft(), queryFn: getLanDraft, gcTime: 0 }),
  );
}
