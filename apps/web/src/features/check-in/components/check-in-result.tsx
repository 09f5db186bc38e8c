import type { LucideIcon } from 'lucide-react';
import { Ban, Banknote, CircleCheck, Euro, History, ScanLine, TriangleAlert } from 'lucide-react';
import type { Ref } from 'react';
import { readCommunityClock } from '../../../lib/format-date.ts';
import { describeDue } from '../offline/door-answer.ts';
import styles from './check-in.module.css';
import { type CheckInOutcome, describeFirstCheckIn } from './check-in-outcome.ts';

type CheckInResultProps = {
  outcome: CheckInOutcome | null;
  /** Counts the check-ins, so the same answer twice is announced twice. */
  attempt: number;
  isChecking: boolean;
  onPaidAndPresent: (code: string) => void;
  ref?: Ref<HTMLElement>;
};

type Tone = 'idle' | 'good' | 'repeat' | 'warning' | 'bad';

/**
 * The answer of the last check-in, large enough to read at arm's length: green present,
 * violet already checked in (when and by whom: a forwarded ticket), amber money due, red
 * refused. A status region announces each answer; the words and the icon say it too, not
 * the colour alone.
 */
export function CheckInResult({
  outcome,
  attempt,
  isChecking,
  onPaidAndPresent,
  ref,
}: CheckInResultProps) {
  const waiting = window.isSecureContext === false ? waitingWithoutCameraView : waitingView;
  const view = isChecking ? checkingView : outcome ? viewOf(outcome) : waiting;
  const Icon = view.icon;
  return (
    <section
      ref={ref}
      className={styles.result}
      data-tone={view.tone}
      aria-labelledby="check-in-result"
    >
      <h2 id="check-in-result" className="visually-hidden">
        Result
      </h2>
      <div role="status" className={styles.resultStatus}>
        <div key={attempt} className={styles.resultBody}>
          {/* The result's own heading (axe's p-as-heading: a large bold line is one). */}
          <h3 className={styles.resultTitle}>
            <Icon aria-hidden="true" size={36} className={styles.resultIcon} />
            {view.title}
          </h3>
          {/* A name shown large, not a heading of its own (axe's p-as-heading). */}
          {view.nickname ? <div className={styles.resultName}>{view.nickname}</div> : null}
          {view.seat ? <p className={styles.resultFirstCheckIn}>Seat {view.seat}</p> : null}
          {view.firstCheckIn ? (
            <p className={styles.resultFirstCheckIn}>{view.firstCheckIn}</p>
          ) : null}
          {view.detail ? <p className={styles.resultDetail}>{view.detail}</p> : null}
        </div>
      </div>
      {!isChecking && dueCodeOf(outcome) ? (
        <button
          type="button"
          className={styles.resultAction}
          onClick={() => onPaidAndPresent(dueCodeOf(outcome) ?? '')}
        >
          <Euro aria-hidden="true" size={22} />
          Paid and present
        </button>
      ) : null}
    </section>
  );
}

/** The code of an answer that waits for the money, online or from the door list. */
function dueCodeOf(outcome: CheckInOutcome | null): string | undefined {
  if (outcome?.kind === 'due') return outcome.code;
  if (outcome?.kind === 'offline' && outcome.answer.kind === 'due') return outcome.code;
  return undefined;
}

type View = {
  tone: Tone;
  icon: LucideIcon;
  title: string;
  nickname?: string;
  /** The seat they hold at the lan, to send them to. */
  seat?: string | null;
  /** Of a ticket shown again: when and by whom it was first checked in. */
  firstCheckIn?: string;
  detail?: string | null;
};

const waitingView: View = {
  tone: 'idle',
  icon: ScanLine,
  title: 'Ready',
  detail: 'Scan a ticket, type its code or find a name.',
};

/** Over plain http there is no camera to scan with (see ticket-scanner.tsx). */
const waitingWithoutCameraView: View = {
  ...waitingView,
  detail: 'Type a ticket’s code or find a name.',
};

const checkingView: View = { tone: 'idle', icon: ScanLine, title: 'Checking in…' };

function fullName(participant: { firstName: string | null; surname: string | null }) {
  return [participant.firstName, participant.surname].filter(Boolean).join(' ') || null;
}

/** Green: in, sent to their seat. */
const presentView = (nickname: string, seat: string | null, detail: string | null): View => ({
  tone: 'good',
  icon: CircleCheck,
  title: 'Present',
  nickname,
  seat,
  detail,
});

/** Violet: a ticket shown again, with when and by whom it was first: a passed-on ticket? */
const repeatView = (
  nickname: string,
  seat: string | null,
  firstCheckIn: string,
  detail: string,
): View => ({
  tone: 'repeat',
  icon: History,
  title: 'Already checked in',
  nickname,
  seat,
  firstCheckIn,
  detail,
});

/** Amber: the money to take before Paid and present. */
const dueView = (amountDue: number, nickname: string): View => ({
  tone: 'warning',
  icon: Banknote,
  title: describeDue(amountDue),
  nickname,
  detail: 'Take the money, then press Paid and present.',
});

/** Red: no entry, and why. */
const refusedView = (nickname: string | undefined, message: string): View => ({
  tone: 'bad',
  icon: Ban,
  title: 'Refused',
  nickname,
  detail: message,
});

const passedOn = 'Someone else? Then the ticket was passed on.';

function viewOf(outcome: CheckInOutcome): View {
  switch (outcome.kind) {
    case 'present': {
      const { participant } = outcome;
      if (!outcome.alreadyPresent)
        return presentView(participant.nickname, participant.seat, fullName(participant));
      const name = fullName(participant);
      return repeatView(
        participant.nickname,
        participant.seat,
        describeFirstCheckIn(participant),
        name ? `Is this ${name}? If not, the ticket was passed on.` : passedOn,
      );
    }
    case 'due':
      return dueView(outcome.amountDue, outcome.nickname);
    case 'refused':
      return refusedView(outcome.participant?.nickname, outcome.message);
    case 'failed':
      return { tone: 'bad', icon: TriangleAlert, title: 'Not checked in', detail: outcome.message };
    case 'offline':
      return offlineViewOf(outcome);
  }
}

/** An answer from the door list: the same views, and that it is sent once the site answers. */
function offlineViewOf({ answer, asOf }: Extract<CheckInOutcome, { kind: 'offline' }>): View {
  const willSync = `Offline: sent when the site answers (door list as of ${readCommunityClock(asOf).time}).`;
  switch (answer.kind) {
    case 'present': {
      const { nickname, seat } = answer.ticket;
      return answer.firstAt
        ? repeatView(
            nickname,
            seat,
            describeFirstCheckIn({ checkedInAt: answer.firstAt, checkedInBy: null }),
            `${passedOn} ${willSync}`,
          )
        : presentView(nickname, seat, willSync);
    }
    case 'due':
      return dueView(answer.amountDue, answer.ticket.nickname);
    case 'refused':
      return refusedView(answer.ticket?.nickname, answer.message);
  }
}
