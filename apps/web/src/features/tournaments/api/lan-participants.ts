import type { Paged, Subscriber } from '@lanparty/contract';
import { isPlaceTaking } from '@lanparty/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type Participant = { id: number; nickname: string };

/** The lan's participants (Accepted or Paid), every page: whom a team or an entry is made of. */
async function listLanParticipants(lanId: number): Promise<Participant[]> {
  const people: Participant[] = [];
  for (let offset = 0; offset < 2000; offset += 100) {
    const page = await apiRequest<Paged<Subscriber>>(`/api/lans/${lanId}/subscribers`, {
      query: { offset, limit: 100 },
    });
    for (const subscriber of page.items)
      if (isPlaceTaking(subscriber.status))
        people.push({ id: subscriber.user.id, nickname: subscriber.user.nickname });
    if (offset + page.items.length >= page.total) break;
  }
  return people;
}

export function useLanParticipants(lanId: number) {
  return useQuery({
    queryKey: ['tournaments', 'participants', lanId],
    queryFn: () => listLanParticipants(lanId),
  });
}
