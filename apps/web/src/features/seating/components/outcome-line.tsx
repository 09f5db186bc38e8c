import { useCallback, useState } from 'react';
import controls from '../../../components/controls.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import styles from './seating-board.module.css';

/** How the viewer's last action on the seats went: one line, the latest replacing the last. */
export type SeatingOutcome = { isError: boolean; text: string };

/** Runs an action's promise and says how it went: `done` on success, the error's words else. */
export type ReportOutcome = (
  promise: Promise<unknown>,
  done: string,
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
    const result = await promise.then(
      () => ({ isError: false, text: done }),
      (error: unknown) => ({ isError: true, text: describeError(error) }),
    );
    setOutcome(result);
    after?.();
  }, []);
  return { outcome, report, tell: setOutcome };
}

/**
 * The line itself: a status that is always there (a live region announces what it gains),
 * and an alert for a refusal.
 */
export function OutcomeLine({ outcome }: { outcome: SeatingOutcome | null }) {
  return (
    <>
      <p role="status" className={styles.done}>
        {outcome && !outcome.isError ? outcome.text : ''}
      </p>
      {outcome?.isError ? (
        <p role="alert" className={controls.alert}>
          {outcome.text}
        </p>
      ) : null}
    </>
  );
}
