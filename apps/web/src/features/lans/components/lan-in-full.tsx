import type { Lan } from '@lanparty/contract';
import type { ReactNode } from 'react';
import { LanAbout } from './lan-about.tsx';
import { LanCard } from './lan-card.tsx';
import { LanTicket } from './lan-ticket.tsx';
import { SubscriberTable } from './subscriber-table.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

/**
 * A lan in full: the full card with what the lan is and where, the subscription panel, the
 * viewer's ticket (once accepted) and the subscriber table. On the lan's own page (`more`
 * given) its name links nowhere, and what the app puts there (`more`, from its own chunk:
 * announcements, schedule, tournaments, seats) comes before the subscriber table, the
 * longest and least looked-at part while the lan runs.
 */
export function LanInFull({ lan, more }: { lan: Lan; more?: ReactNode }) {
  return (
    <LanCard lan={lan} variant="full" isOwnPage={more !== undefined}>
      <LanAbout lan={lan} />
      <SubscriptionPanel lan={lan} />
      <LanTicket lan={lan} />
      {more}
      <SubscriberTable subscribers={lan.subscribers} />
    </LanCard>
  );
}
