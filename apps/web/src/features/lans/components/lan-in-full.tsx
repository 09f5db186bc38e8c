import type { Lan } from '@lanparty/contract';
import type { ReactNode } from 'react';
import { LanAbout } from './lan-about.tsx';
import { LanCard } from './lan-card.tsx';
import { LanTicket } from './lan-ticket.tsx';
import { SubscriberTable } from './subscriber-table.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

/**
 * A lan in full: the full card with what the lan is and where, the subscription panel, the
 * viewer's ticket (once accepted), the subscriber table and, on the lan's own page, what
 * the app puts below it (`more`: the seat map, from its own chunk).
 */
export function LanInFull({ lan, more }: { lan: Lan; more?: ReactNode }) {
  return (
    <LanCard lan={lan} variant="full">
      <LanAbout lan={lan} />
      <SubscriptionPanel lan={lan} />
      <LanTicket lan={lan} />
      <SubscriberTable subscribers={lan.subscribers} />
      {more}
    </LanCard>
  );
}
