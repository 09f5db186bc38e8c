import type { LanDefaults } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLansKeys } from './lans-query-keys.ts';

/** GET /api/settings/lan-defaults: the prices a new lan starts with. */
export function getLanDefaults(): Promise<LanDefaults> {
  return apiRequest<LanDefaults>('/api/settings/lan-defaults');
}

export function useLanDefaults() {
  return useQuery(queryOptions({ queryKey: adminLansKeys.defaults(), queryFn: getLanDefaults }));
}
