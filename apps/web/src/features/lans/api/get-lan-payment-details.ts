import type { LanPaymentDetails } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-query-keys.ts';

/** GET /api/lans/{id}/payment-details: the lan's own payment details (null: none) and the defaults. */
export function getLanPaymentDetails(lanId: number): Promise<LanPaymentDetails> {
  return apiRequest<LanPaymentDetails>(`/api/lans/${lanId}/payment-details`);
}

export function useLanPaymentDetails(lanId: number) {
  return useQuery(
    queryOptions({ queryKey: paymentKeys.lan(lanId), queryFn: () => getLanPaymentDetails(lanId) }),
  );
}
