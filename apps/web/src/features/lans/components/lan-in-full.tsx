import type { Lan } from '@lanparty/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { useViewer } from '../../../lib/viewer.tsx';
import { holdsTicket } from './holds-ticket.ts';
import { LanAbout } from './lan-about.tsx';
import { LanCard } from './lan-card.tsx';
import { SubscriberTable } from './subscriber-table.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

// The ticket, its reads and its QR code, for a ticket holder only: on nobody else's screen.
const LanTicket = lazy(() =>
  import('./lan-ticket.tsx').then((module) => ({ default: module.LanTicket })),
);

/**
 * A lan in full: the full card with what the lan is and where, the subscription panel, the
 * viewer's ticket (once accepted) and the subscriber table. On the lan's own page (`more`
 * given) its name links nowhere, and what the app puts there (`more`, from its own chunk:
 * announcements, schedule, tournaments, seats) comes before the subscriber table, the
 * longest and least looked-at part while the lan runs.
 */
export function LanInFull({ lan, more }: { lan: Lan; more?: ReactNode }) {
  const userId = useViewer().user?.id;
  return (
    <LanCard lan={lan} variant="full" isOwnPage={more !== undefined}>
      <LanAbout lan={lan} />
      <SubscriptionPanel lan={lan} />
      {holdsTicket(lan, userId) ? (
        <Suspense fallback={null}>
          <LanTicket lan={lan} />
        </Suspense>
      ) : null}
      {more}
      <SubscriberTable subscribers={lan.subscribers} />
    </LanCard>
  );
}
