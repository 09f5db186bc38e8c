import type { PaymentDetails } from '../schemas/payment.ts';

/** Payment details with every part given (decision 034); null parts as asked. */
export function buildPaymentDetails(overrides: Partial<PaymentDetails> = {}): PaymentDetails {
  return {
    accountHolder: 'Stichting Lanparty',
    iban: 'NL91ABNA0417164300',
    reference: '{lan} / {nickname}',
    contactEmail: 'treasurer@example.org',
    ...overrides,
  };
}
