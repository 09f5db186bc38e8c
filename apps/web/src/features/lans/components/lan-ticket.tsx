import type { Lan, OwnSubscription } from '@lanparty/contract';
import { formatCheckInCode, hasTicket, isLanOpen } from '@lanparty/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/api-client.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { checkInUrlOf } from '../../../lib/lans/check-in-url.ts';
import { mySubscriptionsQueryOptions } from '../../../lib/users/list-my-subscriptions.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import styles from './lan-ticket.module.css';
import { TicketQrCode } from './ticket-qr-code.tsx';

/**
 * The viewer's ticket for an open lan, once their subscription is Accepted or Paid. The
 * code is their own (GET /api/users/me/subscriptions): the lan's public subscriber list
 * carries nobody's code, so no other subscriber's ticket can ever show here.
 */
export function LanTicket({ lan }: { lan: Lan }) {
  const user = useViewer().user;
  const ownSubscriber = user ? lan.subscribers.find((s) => s.user.id === user.id) : undefined;
  const holdsTicket =
    ownSubscriber !== undefined && hasTicket(ownSubscriber.status) && isLanOpen(lan);
  const subscriptions = useQuery({
    ...mySubscriptionsQueryOptions(),
    enabled: holdsTicket,
    // The lan may just have shown the viewer accepted while a cached list (the profile's)
    // still has them pending: ask again whenever the ticket is shown.
    refetchOnMount: 'always',
  });
  if (!holdsTicket || subscriptions.isPending) return null;
  if (subscriptions.isError) {
    return (
      <p className={controls.alert} role="alert">
        Your ticket could not be loaded: {describeError(subscriptions.error)}
      </p>
    );
  }
  const ticket = subscriptions.data.find(
    (subscription) => subscription.lan.id === lan.id && hasTicket(subscription.status),
  );
  if (!ticket?.checkInCode) return null;
  return <Ticket lan={lan} ticket={ticket} checkInCode={ticket.checkInCode} />;
}

type TicketProps = { lan: Lan; ticket: OwnSubscription; checkInCode: string };

/** What the door needs, on screen and on paper: lan, dates, nickname, QR code and code. */
function Ticket({ lan, ticket, checkInCode }: TicketProps) {
  const headingId = useId();
  const checkInUrl = checkInUrlOf({ origin: window.location.origin, lanId: lan.id, checkInCode });
  return (
    <section className={styles.ticket} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Your ticket
      </h3>
      <div className={styles.content}>
        <TicketQrCode value={checkInUrl} label="QR code of your ticket" />
        <div className={styles.details}>
          <dl className={styles.facts}>
            <Fact label="Lan">{lan.name}</Fact>
            <Fact label="Dates">
              {formatDisplayDate(lan.startDate)} – {formatDisplayDate(lan.endDate)}
            </Fact>
            <Fact label="Nickname">{ticket.user.nickname}</Fact>
            <Fact label="Check-in code">
              <code className={styles.code}>{formatCheckInCode(checkInCode)}</code>
            </Fact>
          </dl>
          <p className={styles.hint}>Show the QR code or read out the code at the door.</p>
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
