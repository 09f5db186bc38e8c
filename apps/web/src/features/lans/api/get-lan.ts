import type { Lan } from '@lanparty/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/** GET /api/lans/{id}: an active lan with its subscribers; 404 when unknown or inactive. */
export function getLan(id: number): Promise<Lan> {
  return apiRequest<Lan>(`/api/lans/${id}`);
}

export function useLan(id: number) {
  return useQuery({ queryKey: lansKeys.detail(id), queryFn: () => getLan(id) });
}
