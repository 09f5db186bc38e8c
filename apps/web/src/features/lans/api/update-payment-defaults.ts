import type { PaymentDetails, PaymentDetailsInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-query-keys.ts';

/** PUT /api/settings/payment-details (lan administrators): replaces them whole. */
export function updatePaymentDefaults(details: PaymentDetailsInput): Promise<PaymentDetails> {
  return apiRequest<PaymentDetails>('/api/settings/payment-details', {
    method: 'PUT',
    body: details,
  });
}

export function useUpdatePaymentDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentDefaults,
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentKeys.defaults(), saved);
      // Each lan's answer carries the defaults too.
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}
