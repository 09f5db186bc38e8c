import { useCallback, useState } from 'react';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import styles from './seating-board.module.css';

/**
 * How the viewer's last action on the seats went: one line, the latest replacing the last.
 * `mySeat`, when the line says where the viewer sits now: the label (null: no seat).
 */
export type SeatingOutcome = { isError: boolean; text: string; mySeat?: string | null };

/**
 * Runs an action's promise and says how it went: `done` on success (with where the viewer
 * sits then, when it says so), the error's words else; `after` once it is said.
 */
export type ReportOutcome = (
  promise: Promise<unknown>,
  done: string | { text: string; mySeat: string | null },
  after?: () => void,
) => Promise<void>;

/**
 * The board's one outcome line (issue 51 §1): picking, moving, freeing, swapping and
 * seating a clan each say how they went here, and each replaces what the one before said,
 * so "You sit at A9 now." never stands beside "Swapped: you sit at A10 now.".
 */
export function useSeatingOutcome() {
  const [outcome, setOutcome] = useState<SeatingOutcome | null>(null);
  const report: ReportOutcome = useCallback(async (promise, done, after) => {
    setOutcome(null);
    const said = typeof done === 'string' ? { text: done } : done;
    const result = await promise.then(
      () => ({ isError: false, ...said }),
      (error: unknown) => ({ isError: true, text: describeError(error) }),
    );
    setOutcome(result);
    after?.();
  }, []);
  return { outcome, report, tell: setOutcome };
}

/**
 * The line itself: a status that is always there (a live region announces what it gains),
 * and an alert for a refusal. A line saying where the viewer sits shows while the map says
 * the same: not before the map has the change, nor once someone else (a lan administrator,
 * a swap they asked for) moved them since.
 */
export function OutcomeLine({
  outcome,
  mySeat,
}: {
  outcome: SeatingOutcome | null;
  /** Where the map has the viewer: a seat's label, null for none. */
  mySeat: string | null;
}) {
  const isCurrent = outcome?.mySeat === undefined || outcome.mySeat === mySeat;
  return (
    <>
      <p role="status" className={styles.done}>
        {outcome && !outcome.isError && isCurrent ? outcome.text : ''}
      </p>
      {outcome?.isError ? (
        <p role="alert" className={controls.alert}>
          {outcome.text}
        </p>
      ) : null}
    </>
  );
}
