import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateClans } from '../../../lib/clans/clans-query-keys.ts';
import { forgetClan } from './get-clan.ts';

export type MemberRemoval = {
  clanId: number;
  userId: number;
  /** The last member leaving disbands the clan: it is forgotten, not read again. */
  isLastMember: boolean;
};

/**
 * DELETE /api/clans/{id}/members/{userId}: leaving (oneself), or removing a member (its
 * leader). 409 for a leader who has not handed the clan over and is not its last member.
 */
export function removeMember({ clanId, userId }: MemberRemoval): Promise<void> {
  return apiRequest<void>(`/api/clans/${clanId}/members/${userId}`, { method: 'DELETE' });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_, { clanId, isLastMember }) => {
      if (isLastMember) forgetClan(queryClient, clanId);
      else void invalidateClans(queryClient);
    },
  });
}
