import type { OwnSubscription } from '@lanparty/contract';
import { centsFromEuros, formatEuros } from '@lanparty/contract/rules';
import styles from './ticket-payment.module.css';

type TicketPaymentProps = {
  ticket: Pick<OwnSubscription, 'amountDue' | 'amountPaid' | 'amountOutstanding'>;
};

/**
 * The money of the viewer's place as three things (issue 32): what it costs them (fixed
 * when they were accepted), what they paid and what is still to pay. A term and its
 * description of the ticket's facts, so it sits in their list.
 */
export function TicketPayment({ ticket }: TicketPaymentProps) {
  const { amountDue, amountPaid, amountOutstanding } = ticket;
  if (amountDue === null || amountPaid === null || amountOutstanding === null) return null;
  return (
    <div className={styles.payment}>
      <dt>Payment</dt>
      <dd>
        <dl className={styles.amounts}>
          <div>
            <dt>Amount due</dt>
            <dd>{formatEuros(centsFromEuros(amountDue))}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{formatEuros(centsFromEuros(amountPaid))}</dd>
          </div>
          <div>
            <dt>Outstanding</dt>
            <dd className={amountOutstanding > 0 ? styles.owed : undefined}>
              {formatEuros(centsFromEuros(amountOutstanding))}
            </dd>
          </div>
        </dl>
      </dd>
    </div>
  );
}
