import type { LanDefaults } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The key of the lan defaults (settings), read by the lans' admin screen. */
export const lanDefaultsKey = ['admin-lans', 'lan-defaults'] as const;

/** GET /api/settings/lan-defaults: the prices a new lan starts with. */
export function getLanDefaults(): Promise<LanDefaults> {
  return apiRequest<LanDefaults>('/api/settings/lan-defaults');
}

export function useLanDefaults() {
  return useQuery(queryOptions({ queryKey: lanDefaultsKey, queryFn: getLanDefaults }));
}
