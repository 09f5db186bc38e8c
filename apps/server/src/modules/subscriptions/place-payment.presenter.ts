import type { SubscriberStatus } from '@lanparty/contract';
import { eurosFromCents, placePaymentOf } from '@lanparty/contract/rules';

/** The money of a subscriber's place as the API shows it: euros, or null without a place. */
export type PresentedPlacePayment = {
  amountDue: number | null;
  amountPaid: number | null;
  amountOutstanding: number | null;
};

/**
 * A place's money in the API's euros (`amountDue`, `amountPaid`, `amountOutstanding`, from
 * the contract's `placePaymentOf`), for the organiser's participants and the lanner's own
 * subscriptions alike: each null while the subscriber holds no place.
 */
export function presentPlacePayment(
  status: SubscriberStatus,
  amountDueCents: number | null,
): PresentedPlacePayment {
  const payment = placePaymentOf({ status, amountDue: amountDueCents });
  if (!payment) return { amountDue: null, amountPaid: null, amountOutstanding: null };
  return {
    amountDue: eurosFromCents(payment.amountDue),
    amountPaid: eurosFromCents(payment.amountPaid),
    amountOutstanding: eurosFromCents(payment.amountOutstanding),
  };
}
