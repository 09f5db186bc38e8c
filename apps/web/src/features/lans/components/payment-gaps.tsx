import type { PaymentDetails } from '@lanparty/contract';
import { centsFromEuros, formatEuros, paymentDetailsGaps } from '@lanparty/contract/rules';
import { TriangleAlert } from 'lucide-react';
import controls from '../../../components/controls.module.css';
import styles from './payment-details.module.css';

type PaymentGapsProps = {
  lan: { price: number; membersPrice: number };
  /** The payment details the lan uses now (its own, or the defaults). */
  details: PaymentDetails;
};

/**
 * What a lan with a price lacks in its payment details, said to its administrators: with
 * no IBAN accepted lanners are not told how to pay, with no contact paid ones are not told
 * whom to ask about a refund.
 */
export function PaymentGaps({ lan, details }: PaymentGapsProps) {
  const { isMissingIban, isMissingContact } = paymentDetailsGaps(lan, details);
  if (!isMissingIban && !isMissingContact) return null;
  const price =
    lan.membersPrice === lan.price
      ? formatEuros(centsFromEuros(lan.price))
      : `${formatEuros(centsFromEuros(lan.price))} (members ${formatEuros(centsFromEuros(lan.membersPrice))})`;
  return (
    <div className={styles.gaps}>
      {isMissingIban ? (
        <p className={controls.warning}>
          <TriangleAlert size={18} aria-hidden="true" />
          This lan costs {price} but has no IBAN to pay to: accepted lanners are told what they owe,
          not how to pay.
        </p>
      ) : null}
      {isMissingContact ? (
        <p className={controls.warning}>
          <TriangleAlert size={18} aria-hidden="true" />
          No contact e-mail: paid lanners are not told whom to ask about a refund.
        </p>
      ) : null}
    </div>
  );
}
