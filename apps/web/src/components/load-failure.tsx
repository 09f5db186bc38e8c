import { explainLoadFailure, isRetryableFailure } from '../lib/explain-load-failure.ts';
import controls from './controls.module.css';
import styles from './load-failure.module.css';

type LoadFailureProps = {
  /** What failed, as a sentence: "The lans could not be loaded." */
  failure: string;
  error: unknown;
  /** Loads again (a query's refetch). */
  onRetry: () => void;
  /** While the new attempt runs: the button says so and waits. */
  isRetrying?: boolean;
};

/**
 * The error state of everything a screen loads: what failed in words, why if known, and
 * "Try again" when trying again may help (not for a 404 or a refusal: that is the answer).
 * It takes the place of the content only, so the layout and its navigation stay usable
 * around it.
 */
export function LoadFailure({ failure, error, onRetry, isRetrying = false }: LoadFailureProps) {
  return (
    <div className={`${controls.alert} ${styles.failure}`} role="alert">
      <p>
        <strong>{failure}</strong> {explainLoadFailure(error)}
      </p>
      {isRetryableFailure(error) ? (
        <button
          type="button"
          className={controls.buttonSecondary}
          onClick={onRetry}
          disabled={isRetrying}
        >
          {isRetrying ? 'Trying again…' : 'Try again'}
        </button>
      ) : null}
    </div>
  );
}
