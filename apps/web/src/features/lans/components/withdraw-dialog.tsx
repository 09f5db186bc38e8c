import type { Lan, Subscriber } from '@lanparty/contract';
import {
  amountDueFor,
  centsFromEuros,
  countMovingUp,
  countTakenPlaces,
  formatEuros,
  isLanFull,
} from '@lanparty/contract/rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

type WithdrawDialogProps = {
  lan: Lan;
  /** The viewer's own subscription, Accepted or Paid: a place of the lan. */
  subscription: Subscriber;
  isOpen: boolean;
  onWithdraw: () => void;
  onKeep: () => void;
};

/**
 * Asked before an Accepted or Paid subscription is withdrawn, because that cannot be
 * undone: the place is gone (to the waitlist, if the lan has one), and money already paid
 * is the organiser's to give back.
 */
export function WithdrawDialog({
  lan,
  subscription,
  isOpen,
  onWithdraw,
  onKeep,
}: WithdrawDialogProps) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={`Withdraw from ${lan.name}?`}
      confirmLabel="Withdraw"
      cancelLabel="Keep my place"
      onConfirm={onWithdraw}
      onCancel={onKeep}
    >
      <p>
        You give up your place.{' '}
        {letsWaitlistIn(lan)
          ? 'It goes to the next on the waitlist.'
          : 'If you subscribe again, you wait to be accepted again.'}
      </p>
      {subscription.status === 'Paid' ? (
        <p>
          You have paid {formatEuros(centsFromEuros(amountDueFor(lan, subscription.user.roles)))}:
          settle the refund with the organiser.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * True when giving up one place lets the first on the waitlist in: the server's rule
 * (`countMovingUp`) for a lan that is full, has a waitlist and has not started.
 */
function letsWaitlistIn(lan: Lan, now = Date.now()): boolean {
  const hasWaitlist = lan.subscribers.some(({ waitlistPosition }) => waitlistPosition !== null);
  if (!lan.isActive || !hasWaitlist) return false;
  const movingUp = countMovingUp({
    wasFull: isLanFull(lan),
    hasStarted: new Date(lan.startDate).getTime() <= now,
    takenPlaces: countTakenPlaces(lan.subscribers) - 1,
    maximumSubcribers: lan.maximumSubcribers,
  });
  return movingUp > 0;
}
