import type { LanMessageInput, LanMessageReceipt } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lanMessagesKey } from './list-lan-messages.ts';

type SendLanMessage = {
  lanId: number;
  message: LanMessageInput;
  /** One per draft: sending it again (a retry, a double click) sends nothing twice. */
  idempotencyKey: string;
};

/**
 * POST /api/lans/{id}/messages: e-mails the subscribers of the chosen statuses (and posts
 * to the chat when asked). Answers how many will get it and who cannot be reached.
 */
export function sendLanMessage({
  lanId,
  message,
  idempotencyKey,
}: SendLanMessage): Promise<LanMessageReceipt> {
  return apiRequest<LanMessageReceipt>(`/api/lans/${lanId}/messages`, {
    method: 'POST',
    body: message,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useSendLanMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLanMessage,
    onSuccess: (_receipt, { lanId }) =>
      queryClient.invalidateQueries({ queryKey: lanMessagesKey(lanId) }),
  });
}
