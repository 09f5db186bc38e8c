import type { Lan } from '@lanparty/contract';
import { hasTicket } from '@lanparty/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { mySubscriptionsQueryOptions } from '../../../lib/users/list-my-subscriptions.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { holdsTicket as holdsTicketFor } from './holds-ticket.ts';

const TicketCard = lazy(() =>
  import('./lan-ticket-card.tsx').then((module) => ({ default: module.TicketCard })),
);

/**
 * The viewer's own subscription to an open lan while it is their ticket (Accepted or Paid):
 * `holdsTicket` by the lan's subscriber list, then `ticket` once their own subscriptions are
 * read (GET /api/users/me/subscriptions, which carries their code and seat). The ticket
 * reads them again as it shows (`refetchOnMount`); what else on the page asks, follows it.
 */
export function useOwnTicket(lan: Lan, refetchOnMount: 'always' | false = 'always') {
  const holdsTicket = holdsTicketFor(lan, useViewer().user?.id);
  const subscriptions = useQuery({
    ...mySubscriptionsQueryOptions(),
    enabled: holdsTicket,
    // The lan may just have shown the viewer accepted while a cached list (the profile's)
    // still has them pending: ask again whenever the ticket is shown.
    refetchOnMount,
  });
  const ticket = subscriptions.data?.find(
    (subscription) => subscription.lan.id === lan.id && hasTicket(subscription.status),
  );
  return { holdsTicket, subscriptions, ticket };
}

/**
 * The viewer's ticket for an open lan, once their subscription is Accepted or Paid. The
 * code is their own (GET /api/users/me/subscriptions): the lan's public subscriber list
 * carries nobody's code, so no other subscriber's ticket can ever show here. Its own chunk,
 * downloaded for a ticket holder only (LanInFull), so it weighs on no first screen.
 */
export function LanTicket({ lan }: { lan: Lan }) {
  const { holdsTicket, subscriptions, ticket } = useOwnTicket(lan);
  if (!holdsTicket || subscriptions.isPending) return null;
  // A ticket once shown stays when a later read fails: at the door, offline most of all.
  if (subscriptions.isError && subscriptions.data === undefined) {
    return (
      <LoadFailure
        failure="Your ticket could not be loaded."
        error={subscriptions.error}
        onRetry={() => void subscriptions.refetch()}
        isRetrying={subscriptions.isFetching}
      />
    );
  }
  if (!ticket?.checkInCode) return null;
  return (
    <Suspense fallback={null}>
      <TicketCard lan={lan} ticket={ticket} checkInCode={ticket.checkInCode} />
    </Suspense>
  );
}
