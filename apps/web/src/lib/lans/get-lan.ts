import type { Lan } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/**
 * GET /api/lans/{id}: the lan with its subscribers; 404 when unknown, or inactive for
 * anyone but a lan administrator. One query for the public and the admin screens.
 */
export function getLan(id: number): Promise<Lan> {
  return apiRequest<Lan>(`/api/lans/${id}`);
}

export function lanQueryOptions(id: number) {
  return queryOptions({ queryKey: lansKeys.detail(id), queryFn: () => getLan(id) });
}

export function useLan(id: number) {
  return useQuery(lanQueryOptions(id));
}
