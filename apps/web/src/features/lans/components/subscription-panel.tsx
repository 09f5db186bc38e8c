import type { Lan, Subscriber, SubscriberStatus } from '@lanparty/contract';
import {
  canOwnerWithdraw,
  isLanFull,
  isLanOpen,
  isPlaceTaking,
  requiredRoles,
} from '@lanparty/contract/rules';
import { TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import controls from '../../../components/controls.module.css';
import { explainLoadFailure } from '../../../lib/explain-load-failure.ts';
import { throttle } from '../../../lib/throttle.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { useSubscribeToLan } from '../api/subscribe-to-lan.ts';
import { useWithdrawSubscription } from '../api/withdraw-subscription.ts';
import styles from './subscription-panel.module.css';

// Only a viewer holding a place is asked before withdrawing: the dialog's code comes with
// their page, not on everyone's first screen. Clicked before it came, it opens as it comes.
const WithdrawDialog = lazy(() =>
  import('./withdraw-dialog.tsx').then((module) => ({ default: module.WithdrawDialog })),
);

// How to pay, and whom to ask about a refund: for a viewer holding a place only, so it
// weighs on nobody's first screen either.
const PaymentGuidance = lazy(() =>
  import('./payment-guidance.tsx').then((module) => ({ default: module.PaymentGuidance })),
);

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

/** What the viewer reads once they have withdrawn, until they subscribe again. */
export const withdrawnMessage = 'You have withdrawn from this lan.';

/** The viewer's own line: their place on the waitlist, else their status's message. */
function describeSubscription(subscription: Subscriber): string {
  return subscription.waitlistPosition === null
    ? subscriptionMessages[subscription.status]
    : waitlistMessage(subscription.waitlistPosition);
}

/** Spec §9: clicks on the participate button are throttled to one per 500 ms. */
export const PARTICIPATE_THROTTLE_MS = 500;

type Action = 'participate' | 'join-waitlist';

/** Where focus goes once a change shows: the new status, or back to the button pressed. */
type FocusTarget = 'status' | Action;

/**
 * The viewer's subscription status, the warnings, and the buttons of an open lan:
 * Participate (or Withdraw, which asks first when it gives up a place), and on a full lan
 * Join the waitlist.
 */
export function SubscriptionPanel({ lan }: { lan: Lan }) {
  const viewer = useViewer();
  const subscribe = useSubscribeToLan();
  const withdraw = useWithdrawSubscription();
  const [isConfirmingWithdrawal, setIsConfirmingWithdrawal] = useState(false);
  const [hasWithdrawn, setHasWithdrawn] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const participateRef = useRef<HTMLButtonElement>(null);
  const waitlistRef = useRef<HTMLButtonElement>(null);
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
  const status = subscription
    ? describeSubscription(subscription)
    : hasWithdrawn
      ? withdrawnMessage
      : null;

  // The button pressed is disabled while its request runs, and a disabled button loses
  // focus to the page. Once the change shows, focus goes to the new status (read out as
  // it gets focus), or after a failure back to the button, never to the top of the page.
  useEffect(() => {
    if (focusTarget === null || isBusy) return;
    // A new subscription shows once the lan is fetched again, which may be a render after
    // the request settles: wait for it.
    if (focusTarget === 'status' && status === null) return;
    const target =
      focusTarget === 'status'
        ? statusRef.current
        : focusTarget === 'join-waitlist'
          ? waitlistRef.current
          : participateRef.current;
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget, isBusy, status]);

  function withdrawNow(subscriberId: number) {
    withdraw.mutate(subscriberId, {
      onSuccess: () => {
        setHasWithdrawn(true);
        setFocusTarget('status');
      },
      onError: () => setFocusTarget('participate'),
    });
  }

  const actionRef = useRef<(action: Action) => void>(() => {});
  actionRef.current = (action) => {
    if (!user) return;
    subscribe.reset();
    withdraw.reset();
    setFocusTarget(null);
    if (subscription) {
      // Giving up a place cannot be undone: ask first. A request still pending, or a
      // place on the waitlist, goes at once.
      if (isPlaceTaking(subscription.status)) setIsConfirmingWithdrawal(true);
      else withdrawNow(subscription.id);
      return;
    }
    setHasWithdrawn(false);
    const input = { lanId: lan.id, userId: user.id };
    subscribe.mutate(action === 'join-waitlist' ? { ...input, waitlist: true } : input, {
      onSuccess: () => setFocusTarget('status'),
      onError: () => setFocusTarget(action),
    });
  };
  const onAction = useMemo(
    () => throttle((action: Action) => actionRef.current(action), PARTICIPATE_THROTTLE_MS),
    [],
  );

  if (!user || !isLanOpen(lan)) return null;
  return (
    <section className={styles.panel} aria-label="Subscription">
      {status ? (
        // Focused after Participate or Withdraw, so it is what a screen reader reads next.
        <p ref={statusRef} className={styles.message} role="status" tabIndex={-1}>
          {status}
        </p>
      ) : null}
      {!isLanner ? <Warning text="Sorry, you are not yet marked a lanner" /> : null}
      {isLanner && isFull && !subscription ? <Warning text="Sorry, the lan is full" /> : null}
      {hasButton ? (
        <div className={controls.actions}>
          <button
            ref={participateRef}
            type="button"
            className={subscription ? controls.buttonSecondary : controls.button}
            disabled={isBusy || (!subscription && isFull)}
            onClick={() => onAction('participate')}
          >
            {subscription ? 'Withdraw' : 'Participate'}
          </button>
          {canJoinWaitlist ? (
            <button
              ref={waitlistRef}
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
      {subscription && (subscription.status === 'Accepted' || subscription.status === 'Paid') ? (
        <Suspense fallback={null}>
          <PaymentGuidance lan={lan} status={subscription.status} />
        </Suspense>
      ) : null}
      {subscription && isPlaceTaking(subscription.status) ? (
        <Suspense fallback={null}>
          <WithdrawDialog
            lan={lan}
            subscription={subscription}
            isOpen={isConfirmingWithdrawal}
            onWithdraw={() => {
              setIsConfirmingWithdrawal(false);
              withdrawNow(subscription.id);
            }}
            onKeep={() => setIsConfirmingWithdrawal(false)}
          />
        </Suspense>
      ) : null}
      <Failure subscribe={subscribe} withdraw={withdraw} />
    </section>
  );
}

type FailureProps = {
  subscribe: ReturnType<typeof useSubscribeToLan>;
  withdraw: ReturnType<typeof useWithdrawSubscription>;
};

/** What failed in words, then why (the server's sentence, never a bare status text). */
function Failure({ subscribe, withdraw }: FailureProps) {
  const failure = subscribe.isError
    ? subscribe.variables?.waitlist
      ? 'You could not join the waitlist.'
      : 'You could not be subscribed.'
    : withdraw.isError
      ? 'Your subscription could not be withdrawn.'
      : null;
  if (failure === null) return null;
  return (
    <p className={controls.alert} role="alert">
      <strong>{failure}</strong> {explainLoadFailure(subscribe.error ?? withdraw.error)}
    </p>
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
