import type { Lan } from '@lanparty/contract';
import { hasLanStarted } from '@lanparty/contract/rules';
import { LanAbout } from './lan-about.tsx';
import { LanCard } from './lan-card.tsx';
import { LanTicket } from './lan-ticket.tsx';
import { SubscriberTable } from './subscriber-table.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

/**
 * A lan in full: the full card with what the lan is and where, the subscription panel, the
 * viewer's ticket (once accepted) and the subscriber table.
 */
export function LanInFull({ lan }: { lan: Lan }) {
  return (
    <LanCard lan={lan} variant="full">
      <LanAbout lan={lan} />
      <SubscriptionPanel lan={lan} />
      <LanTicket lan={lan} />
      <SubscriberTable subscribers={lan.subscribers} hasStarted={hasLanStarted(lan)} />
    </LanCard>
  );
}
