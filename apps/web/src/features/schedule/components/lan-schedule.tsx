import type { Lan, ScheduleItem } from '@lanparty/contract';
import { hasLanStarted, isLanOpen, nowAndNext } from '@lanparty/contract/rules';
import { useId } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import styles from '../../../components/schedule/schedule.module.css';
import { ScheduleDays, ScheduleLine } from '../../../components/schedule/schedule-lines.tsx';
import { useSchedule } from '../../../lib/lans/get-schedule.ts';
import { useNow } from '../../../lib/use-now.ts';

/** How often "Now" and "Next" look at the clock again. */
const nowEveryMs = 30_000;

/**
 * A lan's schedule on its page (issue 35): while the lan runs, what is on now and what
 * comes next, the whole schedule folded below; before and after it, the whole schedule.
 * Nothing when the lan has no schedule.
 */
export function LanSchedule({ lan }: { lan: Lan }) {
  const schedule = useSchedule(lan.id);
  const now = useNow(nowEveryMs);
  const headingId = useId();
  if (schedule.isError && !schedule.data)
    return (
      <section className={styles.schedule} aria-label="Schedule">
        <LoadFailure
          failure="The schedule could not be loaded."
          error={schedule.error}
          onRetry={() => void schedule.refetch()}
          isRetrying={schedule.isFetching}
        />
      </section>
    );
  const items = schedule.data ?? [];
  if (items.length === 0) return null;
  const isRunning = hasLanStarted(lan, now) && isLanOpen(lan, now);
  return (
    <section className={styles.schedule} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Schedule
      </h3>
      {isRunning ? (
        <>
          <NowAndNext items={items} now={now} />
          <details className={styles.whole}>
            <summary>The whole schedule</summary>
            <ScheduleDays items={items} />
          </details>
        </>
      ) : (
        <ScheduleDays items={items} />
      )}
    </section>
  );
}

function NowAndNext({ items, now }: { items: readonly ScheduleItem[]; now: Date }) {
  const { now: current, next } = nowAndNext(items, now);
  return (
    <div className={styles.nowAndNext}>
      <div className={styles.moment}>
        <h4 className={styles.dayHeading}>Now</h4>
        {current.length > 0 ? (
          <ul className={styles.lines}>
            {current.map((item) => (
              <ScheduleLine key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <p className={styles.meta}>Nothing on the schedule right now.</p>
        )}
      </div>
      <div className={styles.moment}>
        <h4 className={styles.dayHeading}>Next</h4>
        {next.length > 0 ? (
          <ul className={styles.lines}>
            {next.map((item) => (
              <ScheduleLine key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <p className={styles.meta}>Nothing more on the schedule.</p>
        )}
      </div>
    </div>
  );
}
