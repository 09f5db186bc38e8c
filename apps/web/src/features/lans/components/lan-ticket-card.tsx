import type { Lan, OwnSubscription } from '@lanparty/contract';
import { formatCheckInCode } from '@lanparty/contract/rules';
import { Printer } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import controls from '../../../components/controls.module.css';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import { checkInUrlOf } from '../../../lib/lans/check-in-url.ts';
import styles from './lan-ticket.module.css';
import { TicketPayment } from './ticket-payment.tsx';
import { TicketQrCode } from './ticket-qr-code.tsx';

/*
 * The ticket itself: its QR code and its code, printable. Loaded only when the viewer
 * holds a ticket, so the QR encoder never weighs on the first screen.
 */

type TicketProps = { lan: Lan; ticket: OwnSubscription; checkInCode: string };

/** What the door needs, on screen and on paper: lan, dates, nickname, QR code and code. */
export function TicketCard({ lan, ticket, checkInCode }: TicketProps) {
  const headingId = useId();
  const checkInUrl = checkInUrlOf({ origin: window.location.origin, lanId: lan.id, checkInCode });
  return (
    <section className={styles.ticket} aria-labelledby={headingId} id="ticket">
      <h3 id={headingId} className={styles.heading}>
        Your ticket
      </h3>
      <div className={styles.content}>
        <TicketQrCode value={checkInUrl} label="QR code of your ticket" />
        <div className={styles.details}>
          <dl className={styles.facts}>
            <Fact label="Lan">{lan.name}</Fact>
            <Fact label="Dates">
              <time dateTime={lan.startDate}>{formatCommunityDateTime(lan.startDate)}</time> –{' '}
              <time dateTime={lan.endDate}>{formatCommunityDateTime(lan.endDate)}</time>
            </Fact>
            <Fact label="Nickname">{ticket.user.nickname}</Fact>
            {ticket.seat ? <Fact label="Seat">{ticket.seat}</Fact> : null}
            <TicketPayment ticket={ticket} />
            {ticket.shortCode ? (
              <Fact label="Code to read out">
                <code className={styles.shortCode}>{formatCheckInCode(ticket.shortCode)}</code>
              </Fact>
            ) : null}
            <Fact label={ticket.shortCode ? 'Ticket code (in the QR code)' : 'Check-in code'}>
              <code className={ticket.shortCode ? styles.longCode : styles.code}>
                {formatCheckInCode(checkInCode)}
              </code>
            </Fact>
          </dl>
          <p className={styles.hint}>
            {ticket.shortCode
              ? 'Show the QR code at the door, or read out the short code.'
              : 'Show the QR code or read out the code at the door.'}
          </p>
          <div className={`${controls.actions} ${styles.actions}`}>
            <button
              type="button"
              className={controls.buttonSecondary}
              onClick={() => window.print()}
            >
              <Printer size={18} aria-hidden="true" />
              Print ticket
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
