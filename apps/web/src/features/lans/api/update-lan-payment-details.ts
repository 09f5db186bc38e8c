import type { LanPaymentDetails, PaymentDetailsInput } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, isApiError } from '../../../lib/api-client.ts';
import { paymentKeys } from './payment-query-keys.ts';

type LanPaymentChange = { lanId: number; details: PaymentDetailsInput | null };

/** PUT /api/lans/{id}/payment-details: the lan's own, or (null) the defaults again. */
export async function updateLanPaymentDetails({
  lanId,
  details,
}: LanPaymentChange): Promise<LanPaymentDetails> {
  try {
    return await apiRequest<LanPaymentDetails>(`/api/lans/${lanId}/payment-details`, {
      method: 'PUT',
      body: { details },
    });
  } catch (error) {
    throw isApiError(error, 400) ? withoutDetailsPrefix(error) : error;
  }
}

/** The 400's messages on the fields of the details themselves (`details.iban` is `iban`). */
function withoutDetailsPrefix(error: ApiError): ApiError {
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([name, messages]) => [
      name.replace(/^details\./, ''),
      messages,
    ]),
  );
  return new ApiError({
    ...error,
    detail: error.detail,
    errors,
    extensions: { ...error.extensions },
  });
}

export function useUpdateLanPaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanPaymentDetails,
    onSuccess: (saved, { lanId }) => queryClient.setQueryData(paymentKeys.lan(lanId), saved),
  });
}
