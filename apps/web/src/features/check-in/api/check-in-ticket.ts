import type { CheckInInput, CheckInResult } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLans } from '../../../lib/lans/lans-query-keys.ts';

/**
 * POST /api/lans/{id}/check-ins: the code as scanned or typed (the server reads it
 * leniently, a ticket URL too). 404 for an unknown code; 409 for a ticket that does not
 * admit (Pending, Denied, another lan's) or one not paid yet.
 */
export function checkInTicket({
  lanId,
  ...input
}: CheckInInput & { lanId: number }): Promise<CheckInResult> {
  return apiRequest<CheckInResult>(`/api/lans/${lanId}/check-ins`, { method: 'POST', body: input });
}

export function useCheckInTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInTicket,
    // A refusal may come from a stale list too (just accepted, just denied): both ways the
    // count and the participants are read again, and the caller sees them fresh.
    onSettled: () => invalidateLans(queryClient),
  });
}
