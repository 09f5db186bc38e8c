import type { ClanSeatingPlan, ClanSummary } from '@lanparty/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { usePlanClanSeating, useSeatClanTogether } from '../api/seat-clan-together.ts';
import styles from './clan-seating.module.css';
import type { ReportOutcome, SeatingOutcome } from './outcome-line.tsx';

type ClanSeatingProps = {
  lanId: number;
  clan: ClanSummary;
  /** Says how the seating went, on the board's outcome line. */
  report: ReportOutcome;
  /** Puts a line of its own there (the plan's answer, when nothing is to move). */
  tell: (outcome: SeatingOutcome | null) => void;
};

/**
 * For a clan's leader and seat managers: "Seat my clan together" — its participants
 * without a seat, or all of them, side by side in one row or table. Nothing moves before
 * they have seen who would move from which seat to which and said yes (issue 51 §3); a
 * clan sitting together already is told so. A 409 says the most seats free together.
 */
export function ClanSeating({ lanId, clan, report, tell }: ClanSeatingProps) {
  const planSeating = usePlanClanSeating(lanId);
  const seatTogether = useSeatClanTogether(lanId);
  const [isEveryone, setIsEveryone] = useState(false);
  const [plan, setPlan] = useState<ClanSeatingPlan | null>(null);
  const everyoneId = useId();
  const headingId = useId();

  const askForPlan = () => {
    tell(null);
    planSeating.mutate(
      { clanId: clan.id, everyone: isEveryone },
      {
        onSuccess: (answer) =>
          answer.isTogether
            ? tell({
                isError: false,
                text: `${clan.name} sits together already, in ${answer.where}: nobody moves.`,
              })
            : setPlan(answer),
        onError: (error) => tell({ isError: true, text: describeError(error) }),
      },
    );
  };
  const seatAsPlanned = (confirmed: ClanSeatingPlan) =>
    void report(
      seatTogether.mutateAsync(confirmed),
      `${clan.name} sits together now, in ${confirmed.where}.`,
      () => setPlan(null),
    );

  return (
    <section className={styles.clan} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        <span className={styles.tag}>[{clan.tag}]</span> {clan.name}
      </h4>
      <div className={styles.row}>
        <button
          type="button"
          className={controls.buttonSecondary}
          disabled={planSeating.isPending || seatTogether.isPending}
          onClick={askForPlan}
        >
          {planSeating.isPending ? 'Looking for seats…' : 'Seat my clan together…'}
        </button>
        <label htmlFor={everyoneId} className={styles.everyone}>
          <input
            id={everyoneId}
            type="checkbox"
            checked={isEveryone}
            onChange={(event) => setIsEveryone(event.target.checked)}
          />
          Move those already seated too
        </label>
      </div>
      <ConfirmDialog
        isOpen={plan !== null}
        title={`Seat ${clan.name} together?`}
        confirmLabel={plan && plan.moves.length > 1 ? `Seat all ${plan.moves.length}` : 'Seat them'}
        isBusy={seatTogether.isPending}
        onConfirm={() => plan && seatAsPlanned(plan)}
        onCancel={() => setPlan(null)}
      >
        {plan ? <PlannedMoves plan={plan} /> : null}
      </ConfirmDialog>
    </section>
  );
}

/** Who would move, from which seat to which, and that nobody else does. */
function PlannedMoves({ plan }: { plan: ClanSeatingPlan }) {
  return (
    <>
      <p>In {plan.where}:</p>
      <ul className={styles.moves}>
        {plan.moves.map((move) => (
          <li key={move.userId}>
            <strong className={styles.who}>{move.nickname}</strong>{' '}
            {move.from ? `moves from ${move.from} to ${move.to}` : `(no seat yet) gets ${move.to}`}
          </li>
        ))}
      </ul>
      <p>
        {plan.everyone
          ? 'Everyone else of the clan keeps their seat.'
          : 'Those already seated keep their seats.'}
      </p>
    </>
  );
}
