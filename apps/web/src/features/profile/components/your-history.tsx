import type { UserHistory, UserProfile } from '@lanparty/contract';
import { AlertText } from '../../../components/alert-text.tsx';
import forms from '../../../components/forms.module.css';
import { LoadFailure } from '../../../components/load-failure.tsx';
import section from '../../../components/section.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/router/index.tsx';
import { useHistoryVisibility } from '../api/history-and-data.ts';
import { SwitchField } from './switch-field.tsx';
import styles from './your-history.module.css';

/** "3 lans in a row": a streak as the profile says it. */
export function describeStreak(lans: number): string {
  if (lans === 0) return 'None yet';
  return lans === 1 ? '1 lan' : `${lans} lans in a row`;
}

/**
 * The profile's Your History section (issue 36): how many lans the user attended, their
 * first, their streaks with the rule that counts them, the lans newest first, and the
 * switch that shows or hides all this (and their badges) from others.
 */
export function YourHistory({
  user,
  history,
}: {
  user: UserProfile;
  history: {
    data: UserHistory | undefined;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
}) {
  const visibility = useHistoryVisibility();
  const { data } = history;
  const isShown = visibility.isPending ? visibility.variables.showsHistory : user.showsHistory;
  return (
    <section id="history" className={section.section} aria-labelledby="history-title">
      <h2 id="history-title" className={section.sectionTitle}>
        Your History
      </h2>
      {history.isError && !data ? (
        <LoadFailure
          failure="Your history could not be loaded."
          error={history.error}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : null}
      {data ? (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>Lans attended</dt>
              <dd>{data.attendedCount}</dd>
            </div>
            <div>
              <dt>First lan</dt>
              <dd>
                {data.firstLan ? (
                  <Link to={`/lans/${data.firstLan.lanId}`}>{data.firstLan.name}</Link>
                ) : (
                  'None yet'
                )}
              </dd>
            </div>
            <div>
              <dt>Current streak</dt>
              <dd>{describeStreak(data.currentStreak)}</dd>
            </div>
            <div>
              <dt>Longest streak</dt>
              <dd>{describeStreak(data.longestStreak)}</dd>
            </div>
          </dl>
          <p className={forms.hint}>
            A lan counts once it has ended and you were marked present (checked in at the door). A
            streak counts the lans you attended in a row; a lan where nobody was marked present
            breaks none.
          </p>
          {data.attended.length > 0 ? (
            <ol className={styles.lans} aria-label="Lans attended, newest first">
              {data.attended.map((lan) => (
                <li key={lan.lanId}>
                  <Link to={`/lans/${lan.lanId}`}>{lan.name}</Link>
                  <span className={styles.date}>{formatDisplayDate(lan.startDate)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p>No lans attended yet.</p>
          )}
        </>
      ) : null}
      <SwitchField
        label="Show my lans and badges to others"
        hintId="history-visibility-hint"
        hint="Off, nobody but you and the administrators sees the lans you attended and your badges, and your lanner card shows no count."
        isOn={isShown}
        isDisabled={visibility.isPending}
        onFlip={(showsHistory) => visibility.mutate({ showsHistory })}
      />
      <AlertText
        message={
          visibility.isError
            ? `Your choice was not saved: ${describeError(visibility.error)}`
            : null
        }
      />
    </section>
  );
}
