import type { Lan } from '@lanparty/contract';
import { LanCard } from './lan-card.tsx';
import { LanTicket } from './lan-ticket.tsx';
import { SubscriberTable } from './subscriber-table.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

/**
 * A lan in full: the full card with the subscription panel, the viewer's ticket (once
 * accepted) and the subscriber table.
 */
export function LanInFull({ lan }: { lan: Lan }) {
  return (
    <LanCard lan={lan} variant="full">
      <SubscriptionPanel lan={lan} />
      <LanTicket lan={lan} />
      <SubscriberTable subscribers={lan.subscribers} />
    </LanCard>
  );
}
