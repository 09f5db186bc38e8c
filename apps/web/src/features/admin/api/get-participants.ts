import { useQuery } from '@tanstack/react-query';
import { participantsQueryOptions } from '../../../lib/lans/get-participants.ts';

export { getParticipants, participantsQueryOptions } from '../../../lib/lans/get-participants.ts';

/**
 * A lan's participants. Every door's phone shows the same count: each check-in anywhere is
 * a `subscriber` live update, which refetches them (lib/live-updates).
 */
export function useParticipants(lanId: number) {
  return useQuery(participantsQueryOptions(lanId));
}
