import type { ParticipantList } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLansKeys } from './lans-query-keys.ts';

/** GET /api/lans/{id}/participants: every subscription with its ticket, and the totals. */
export function getParticipants(lanId: number): Promise<ParticipantList> {
  return apiRequest<ParticipantList>(`/api/lans/${lanId}/participants`);
}

export function participantsQueryOptions(lanId: number) {
  return queryOptions({
    queryKey: adminLansKeys.participants(lanId),
    queryFn: () => getParticipants(lanId),
  });
}

/**
 * A lan's participants. Every door's phone shows the same count: each check-in anywhere is
 * a `subscriber` live update, which refetches them (lib/live-updates).
 */
export function useParticipants(lanId: number) {
  return useQuery(participantsQueryOptions(lanId));
}
