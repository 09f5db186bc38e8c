import type { Lan } from '@lanparty/contract';
import { useId } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import styles from '../../../components/schedule/schedule.module.css';
import { ScheduleDays } from '../../../components/schedule/schedule-lines.tsx';
import { useSchedule } from '../../../lib/lans/get-schedule.ts';

/**
 * A lan's schedule on its page (issue 35), `#schedule`: the whole of it by day. While the
 * lan runs (and the day before) the top of the page says what is on now and what comes
 * next (the lan's lead); this is where its "The whole schedule" leads. Nothing when the
 * lan has no schedule.
 */
export function LanSchedule({ lan }: { lan: Lan }) {
  const schedule = useSchedule(lan.id);
  const headingId = useId();
  if (schedule.isError && !schedule.data)
    return (
      <section className={styles.schedule} aria-label="Schedule" id="schedule">
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
  return (
    <section className={styles.schedule} aria-labelledby={headingId} id="schedule">
      <h3 id={headingId} className={styles.heading}>
        Schedule
      </h3>
      <ScheduleDays items={items} />
    </section>
  );
}
