import type { Lan } from '@lanparty/contract';
import { LanCard } from './lan-card.tsx';
import { SubscriberTable } from './subscriber-table.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

/** A lan in full: the full card with the subscription panel and the subscriber table. */
export function LanInFull({ lan }: { lan: Lan }) {
  return (
    <LanCard lan={lan} variant="full">
      <SubscriptionPanel lan={lan} />
      <SubscriberTable subscribers={lan.subscribers} />
    </LanCard>
  );
}
