import type { Lan, Subscriber, SubscriberStatus } from '@lanparty/contract';
import { canOwnerWithdraw, isLanFull, isLanOpen, requiredRoles } from '@lanparty/contract/rules';
import { TriangleAlert } from 'lucide-react';
import { useMemo, useRef } from 'react';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/api-client.ts';
import { throttle } from '../../../lib/throttle.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { useSubscribeToLan } from '../api/subscribe-to-lan.ts';
import { useWithdrawSubscription } from '../api/withdraw-subscription.ts';
import styles from './subscription-panel.module.css';

/** Spec §4: what the viewer reads about their own subscription. */
export const subscriptionMessages: Record<SubscriberStatus, string> = {
  Pending: 'Your request for participation is pending',
  Accepted: 'You are accepted',
  Paid: 'You have paid',
  Denied: 'Sorry, you have been denied',
};

/** What a lanner on the waitlist of a full lan reads instead of the pending message. */
export function waitlistMessage(position: number): string {
  return `The lan is full. You are number ${position} on the waitlist.`;
}

/** The viewer's own line: their place on the waitlist, else their status's message. */
function describeSubscription(subscription: Subscriber): string {
  return subscription.waitlistPosition === null
    ? subscriptionMessages[subscription.status]
    : waitlistMessage(subscription.waitlistPosition);
}

/** Spec §9: clicks on the participate button are throttled to one per 500 ms. */
export const PARTICIPATE_THROTTLE_MS = 500;

type Action = 'participate' | 'join-waitlist';

/**
 * The viewer's subscription status, the warnings, and the buttons of an open lan:
 * Participate (or Withdraw), and on a full lan Join the waitlist.
 */
export function SubscriptionPanel({ lan }: { lan: Lan }) {
  const viewer = useViewer();
  const subscribe = useSubscribeToLan();
  const withdraw = useWithdrawSubscription();
  const user = viewer.user;
  const subscription = user ? lan.subscribers.find((s) => s.user.id === user.id) : undefined;
  const isLanner = viewer.hasAnyRole(requiredRoles.lanner);
  const isFull = isLanFull(lan);
  // A Paid or Denied subscription is the lan administrators' to withdraw (the server
  // refuses it to its owner): no button that can only fail.
  const canWithdraw =
    subscription !== undefined &&
    (canOwnerWithdraw(subscription.status) || viewer.hasAnyRole(requiredRoles.lanManagement));
  const hasButton = isLanner && (subscription === undefined || canWithdraw);
  const canJoinWaitlist = isLanner && isFull && subscription === undefined;
  const isBusy = subscribe.isPending || withdraw.isPending;

  const actionRef = useRef<(action: Action) => void>(() => {});
  actionRef.current = (action) => {
    if (!user) return;
    subscribe.reset();
    withdraw.reset();
    if (subscription) withdraw.mutate(subscription.id);
    else if (action === 'join-waitlist')
      subscribe.mutate({ lanId: lan.id, userId: user.id, waitlist: true });
    else subscribe.mutate({ lanId: lan.id, userId: user.id });
  };
  const onAction = useMemo(
    () => throttle((action: Action) => actionRef.current(action), PARTICIPATE_THROTTLE_MS),
    [],
  );

  if (!user || !isLanOpen(lan)) return null;
  const error = subscribe.error ?? withdraw.error;
  return (
    <section className={styles.panel} aria-label="Subscription">
      {subscription ? (
        <p className={styles.message} role="status">
          {describeSubscription(subscription)}
        </p>
      ) : null}
      {!isLanner ? <Warning text="Sorry, you are not yet marked a lanner" /> : null}
      {isLanner && isFull && !subscription ? <Warning text="Sorry, the lan is full" /> : null}
      {hasButton ? (
        <div className={controls.actions}>
          <button
            type="button"
            className={subscription ? controls.buttonSecondary : controls.button}
            disabled={isBusy || (!subscription && isFull)}
            onClick={() => onAction('participate')}
          >
            {subscription ? 'Withdraw' : 'Participate'}
          </button>
          {canJoinWaitlist ? (
            <button
              type="button"
              className={controls.button}
              disabled={isBusy}
              onClick={() => onAction('join-waitlist')}
            >
              Join the waitlist
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className={controls.alert} role="alert">
          {describeError(error)}
        </p>
      ) : null}
    </section>
  );
}

function Warning({ text }: { text: string }) {
  return (
    <p className={controls.warning} role="status">
      <TriangleAlert size={18} aria-hidden="true" />
      {text}
    </p>
  );
}
