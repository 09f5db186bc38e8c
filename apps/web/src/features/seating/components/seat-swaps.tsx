import type { SeatSwap } from '@lanparty/contract';
import { useId } from 'react';
import controls from '../../../components/controls.module.css';
import { useAcceptSeatSwap } from '../api/accept-seat-swap.ts';
import { useDropSeatSwap } from '../api/drop-seat-swap.ts';
import type { ReportOutcome } from './outcome-line.tsx';
import styles from './seat-swaps.module.css';

type SeatSwapsProps = {
  lanId: number;
  viewerId: number;
  swaps: readonly SeatSwap[];
  /** Says how an answer went, on the board's outcome line. */
  report: ReportOutcome;
};

/**
 * The seat swaps the viewer was asked (Accept, Decline) and asked for (Cancel). Accepting
 * moves both at once; the map follows, and the board's outcome line says it.
 */
export function SeatSwaps({ lanId, viewerId, swaps, report }: SeatSwapsProps) {
  const headingId = useId();
  const accept = useAcceptSeatSwap(lanId);
  const drop = useDropSeatSwap(lanId);
  if (swaps.length === 0) return null;
  const isBusy = accept.isPending || drop.isPending;
  const run = (promise: Promise<unknown>, done: Parameters<typeof report>[1]) =>
    void report(promise, done);
  return (
    <section className={styles.swaps} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        Seat swaps
      </h4>
      <ul className={styles.list}>
        {swaps.map((swap) => {
          const isAskedOfMe = swap.to.userId === viewerId;
          const other = isAskedOfMe ? swap.from : swap.to;
          return (
            <li key={swap.id} className={styles.swap}>
              <p className={styles.text}>
                {isAskedOfMe
                  ? `${swap.from.nickname} (${swap.from.seat ?? 'no seat'}) asks to swap with your seat ${swap.to.seat ?? ''}.`
                  : `You asked ${swap.to.nickname} (${swap.to.seat ?? 'no seat'}) to swap with your seat ${swap.from.seat ?? ''}.`}
              </p>
              <div className={controls.actions}>
                {isAskedOfMe ? (
                  <>
                    <button
                      type="button"
                      className={controls.button}
                      disabled={isBusy}
                      aria-label={`Accept the swap with ${other.nickname}`}
                      onClick={() =>
                        run(
                          accept.mutateAsync(swap.id),
                          `Swapped: you sit at ${swap.from.seat ?? 'their seat'} now.`,
                        )
                      }
                    >
                      Accept
                    </button>
                    <button
                      type="button"
                      className={controls.buttonSecondary}
                      disabled={isBusy}
                      aria-label={`Decline the swap with ${other.nickname}`}
                      onClick={() =>
                        run(drop.mutateAsync(swap.id), `You declined ${other.nickname}’s swap.`)
                      }
                    >
                      Decline
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className={controls.buttonSecondary}
                    disabled={isBusy}
                    aria-label={`Cancel the swap with ${other.nickname}`}
                    onClick={() =>
                      run(
                        drop.mutateAsync(swap.id),
                        `Your swap with ${other.nickname} is cancelled.`,
                      )
                    }
                  >
                    Cancel
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
