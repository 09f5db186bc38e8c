import type { Lan, ParticipantTotals as Totals } from '@lanparty/contract';
import { centsFromEuros, formatEuros } from '@lanparty/contract/rules';
import type { ReactNode } from 'react';
import styles from './participants.module.css';

type ParticipantTotalsProps = {
  totals: Totals;
  lan: Pick<Lan, 'locationInvoiceNumber' | 'locationIsPayed'>;
};

/** The money of a lan and its head counts, as cards: what an organiser checks first. */
export function ParticipantTotals({ totals, lan }: ParticipantTotalsProps) {
  return (
    <div className={styles.totals}>
      <dl className={styles.totalGroup}>
        <Total term="Expected" note="Accepted and Paid">
          {formatEuros(centsFromEuros(totals.expected))}
        </Total>
        <Total term="Received" note="Paid">
          {formatEuros(centsFromEuros(totals.received))}
        </Total>
        <Total term="Outstanding" note="Accepted, not yet paid">
          <span className={totals.outstanding > 0 ? styles.owed : undefined}>
            {formatEuros(centsFromEuros(totals.outstanding))}
          </span>
        </Total>
        <Total
          term="Venue invoice"
          note={
            <span className={lan.locationIsPayed ? styles.good : styles.owed}>
              {lan.locationIsPayed ? 'Paid' : 'Not paid'}
            </span>
          }
        >
          {lan.locationInvoiceNumber ?? <span className={styles.muted}>None yet</span>}
        </Total>
      </dl>
      <dl className={styles.totalGroup}>
        <Total term="Accepted">{totals.accepted}</Total>
        <Total term="Paid">{totals.paid}</Total>
        <Total
          term="Pending"
          note={totals.waitlist > 0 ? `${totals.waitlist} on the waitlist` : null}
        >
          {totals.pending}
        </Total>
        <Total term="Present" note={`of ${totals.paid} Paid`}>
          {totals.present}
        </Total>
      </dl>
    </div>
  );
}

function Total({ term, note, children }: { term: string; note?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.total}>
      <dt className={styles.totalTerm}>{term}</dt>
      <dd className={styles.totalValue}>{children}</dd>
      {note ? <dd className={styles.totalNote}>{note}</dd> : null}
    </div>
  );
}
