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

/** A lan's participants; `refetchInterval` keeps a door screen's count current. */
export function useParticipants(
  lanId: number,
  { refetchInterval }: { refetchInterval?: number } = {},
) {
  return useQuery({ ...participantsQueryOptions(lanId), refetchInterval });
}
