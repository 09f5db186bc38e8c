import type { Lan } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLansKeys } from './lans-query-keys.ts';

/** GET /api/lans/{id}: the lan with all of its subscribers (inactive ones for administrators). */
export function getLan(id: number): Promise<Lan> {
  return apiRequest<Lan>(`/api/lans/${id}`);
}

export function lanQueryOptions(id: number) {
  return queryOptions({ queryKey: adminLansKeys.detail(id), queryFn: () => getLan(id) });
}

export function useLan(id: number) {
  return useQuery(lanQueryOptions(id));
}
