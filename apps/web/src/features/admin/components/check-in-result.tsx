import type { LucideIcon } from 'lucide-react';
import { Ban, Banknote, CircleCheck, Euro, ScanLine, TriangleAlert, UserCheck } from 'lucide-react';
import type { Ref } from 'react';
import { formatEuros } from '../../../lib/format-money.ts';
import styles from './check-in.module.css';
import type { CheckInOutcome } from './check-in-outcome.ts';

type CheckInResultProps = {
  outcome: CheckInOutcome | null;
  /** Counts the check-ins, so the same answer twice is announced twice. */
  attempt: number;
  isChecking: boolean;
  onPaidAndPresent: (code: string) => void;
  ref?: Ref<HTMLElement>;
};

type Tone = 'idle' | 'good' | 'warning' | 'bad';

/**
 * The answer of the last check-in, large enough to read at arm's length: green present,
 * amber money due, red refused. A status region announces each answer; the words and the
 * icon say it too, not the colour alone.
 */
export function CheckInResult({
  outcome,
  attempt,
  isChecking,
  onPaidAndPresent,
  ref,
}: CheckInResultProps) {
  const view = isChecking ? checkingView : outcome ? viewOf(outcome) : waitingView;
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
          <p className={styles.resultTitle}>
            <Icon aria-hidden="true" size={36} className={styles.resultIcon} />
            {view.title}
          </p>
          {view.nickname ? <p className={styles.resultName}>{view.nickname}</p> : null}
          {view.detail ? <p className={styles.resultDetail}>{view.detail}</p> : null}
        </div>
      </div>
      {!isChecking && outcome?.kind === 'due' ? (
        <button
          type="button"
          className={styles.resultAction}
          onClick={() => onPaidAndPresent(outcome.code)}
        >
          <Euro aria-hidden="true" size={22} />
          Paid and present
        </button>
      ) : null}
    </section>
  );
}

type View = {
  tone: Tone;
  icon: LucideIcon;
  title: string;
  nickname?: string;
  detail?: string | null;
};

const waitingView: View = {
  tone: 'idle',
  icon: ScanLine,
  title: 'Ready',
  detail: 'Scan a ticket, type its code or find a name.',
};

const checkingView: View = { tone: 'idle', icon: ScanLine, title: 'Checking in…' };

function fullName(participant: { firstName: string | null; surname: string | null }) {
  return [participant.firstName, participant.surname].filter(Boolean).join(' ') || null;
}

function viewOf(outcome: CheckInOutcome): View {
  switch (outcome.kind) {
    case 'present':
      return {
        tone: 'good',
        icon: outcome.alreadyPresent ? UserCheck : CircleCheck,
        title: outcome.alreadyPresent ? 'Already checked in' : 'Present',
        nickname: outcome.participant.nickname,
        detail: fullName(outcome.participant),
      };
    case 'due':
      return {
        tone: 'warning',
        icon: Banknote,
        title: `${formatEuros(outcome.amountDue)} due`,
        nickname: outcome.nickname,
        detail: 'Take the money, then press Paid and present.',
      };
    case 'refused':
      return {
        tone: 'bad',
        icon: Ban,
        title: 'Refused',
        nickname: outcome.participant?.nickname,
        detail: outcome.message,
      };
    case 'failed':
      return { tone: 'bad', icon: TriangleAlert, title: 'Not checked in', detail: outcome.message };
  }
}
