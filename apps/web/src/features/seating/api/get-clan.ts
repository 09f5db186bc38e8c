import type { Clan } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { clansKeys } from '../../../lib/clans/clans-query-keys.ts';

/**
 * GET /api/clans/{id}: the clan with its members, their roles and the coming lans each
 * holds a place at. The map reads the viewer's own clan: whether they seat it, and whom.
 */
export function getClan(clanId: number): Promise<Clan> {
  return apiRequest<Clan>(`/api/clans/${clanId}`);
}

export function clanQueryOptions(clanId: number) {
  return queryOptions({ queryKey: clansKeys.detail(clanId), queryFn: () => getClan(clanId) });
}

/** The viewer's clan, when they have one (null: nothing to read). */
export function useViewersClan(clanId: number | null) {
  return useQuery({ ...clanQueryOptions(clanId ?? 0), enabled: clanId !== null });
}
