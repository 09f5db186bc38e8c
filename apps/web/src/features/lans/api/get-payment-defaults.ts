import type { PaymentDetails } from '@lanparty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-query-keys.ts';

/** GET /api/settings/payment-details: what every lan without its own uses. */
export function getPaymentDefaults(): Promise<PaymentDetails> {
  return apiRequest<PaymentDetails>('/api/settings/payment-details');
}

export function usePaymentDefaults() {
  return useQuery(queryOptions({ queryKey: paymentKeys.defaults(), queryFn: getPaymentDefaults }));
}
