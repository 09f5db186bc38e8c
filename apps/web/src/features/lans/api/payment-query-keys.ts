/** Query keys of the payment details (decision 034): the defaults, and each lan's. */
export const paymentKeys = {
  all: ['admin-payment-details'] as const,
  defaults: () => [...paymentKeys.all, 'defaults'] as const,
  lan: (lanId: number) => [...paymentKeys.all, 'lan', lanId] as const,
};
