import type { Lan, OwnSubscription, PaymentDetails } from '@lanparty/contract';
import { centsFromEuros, formatEuros, formatIban, hasTicket } from '@lanparty/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { mySubscriptionsQueryOptions } from '../../../lib/users/list-my-subscriptions.ts';
import styles from './payment-guidance.module.css';

/*
 * What a lanner holding a place reads about money (decision 034): while Accepted, how to
 * pay; once Paid, whom to ask about a refund (a paid place has no Withdraw). From their
 * own subscription: the lan's payment details, their reference filled in. Loaded only for
 * them, never on the first screen.
 */

type PaymentGuidanceProps = { lan: Lan; status: 'Accepted' | 'Paid' };

export function PaymentGuidance({ lan, status }: PaymentGuidanceProps) {
  const subscriptions = useQuery(mySubscriptionsQueryOptions());
  const own = subscriptions.data?.find(
    (subscription) => subscription.lan.id === lan.id && hasTicket(subscription.status),
  );
  if (!own?.payment) return null;
  return status === 'Paid' ? (
    <RefundGuidance payment={own.payment} />
  ) : (
    <HowToPay own={own} payment={own.payment} />
  );
}

function HowToPay({ own, payment }: { own: OwnSubscription; payment: PaymentDetails }) {
  const headingId = useId();
  const outstanding = own.amountOutstanding ?? own.amountDue;
  // A free place: nothing to pay, nothing to say.
  if (outstanding === null || outstanding === 0) return null;
  return (
    <section className={styles.guidance} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        How to pay
      </h3>
      {payment.iban ? (
        <>
          <p>Transfer {formatEuros(centsFromEuros(outstanding))} to:</p>
          <TransferDetails payment={payment} iban={payment.iban} />
        </>
      ) : (
        <p>
          You owe {formatEuros(centsFromEuros(outstanding))}. The organiser will tell you how to
          pay.
        </p>
      )}
      {payment.contactEmail ? (
        <p>
          Questions about paying:{' '}
          <a className={styles.contact} href={`mailto:${payment.contactEmail}`}>
            {payment.contactEmail}
          </a>
        </p>
      ) : null}
    </section>
  );
}

function RefundGuidance({ payment }: { payment: PaymentDetails }) {
  const headingId = useId();
  return (
    <section className={styles.guidance} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Cannot come after all?
      </h3>
      <p>
        A paid place is given up through the organiser, who can refund it.{' '}
        {payment.contactEmail ? (
          <>
            Write to{' '}
            <a className={styles.contact} href={`mailto:${payment.contactEmail}`}>
              {payment.contactEmail}
            </a>
            .
          </>
        ) : (
          'Ask one of the lan’s administrators.'
        )}
      </p>
      {payment.iban ? (
        <>
          <p>You paid to:</p>
          <TransferDetails payment={payment} iban={payment.iban} />
        </>
      ) : null}
    </section>
  );
}

function TransferDetails({ payment, iban }: { payment: PaymentDetails; iban: string }) {
  return (
    <dl className={styles.details}>
      {payment.accountHolder ? (
        <>
          <dt>Account holder</dt>
          <dd>{payment.accountHolder}</dd>
        </>
      ) : null}
      <dt>IBAN</dt>
      <dd className={styles.iban}>{formatIban(iban)}</dd>
      {payment.reference ? (
        <>
          <dt>Reference</dt>
          <dd>{payment.reference}</dd>
        </>
      ) : null}
    </dl>
  );
}
