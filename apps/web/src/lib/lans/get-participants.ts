import type { ParticipantList } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { lansKeys } from './lans-query-keys.ts';

/**
 * GET /api/lans/{id}/participants (lan administrators): every subscription with its ticket,
 * names and the totals. Read by the door and, for a lan administrator, by the seat map's
 * "Find a lanner", which then finds people by name as the door does.
 */
export function getParticipants(lanId: number): Promise<ParticipantList> {
  return apiRequest<ParticipantList>(`/api/lans/${lanId}/participants`);
}

export function participantsQueryOptions(lanId: number) {
  return queryOptions({
    queryKey: lansKeys.participants(lanId),
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
