import type { ScheduleItem } from '@lanparty/contract';
import { nowAndNext } from '@lanparty/contract/rules';
import styles from './schedule.module.css';
import { ScheduleLine } from './schedule-lines.tsx';

/**
 * What is on now and what comes next on a lan's schedule (the contract's `nowAndNext`), each
 * under its heading; before the lan has begun, only what comes first.
 */
export function NowAndNext({
  items,
  now,
  isRunning,
}: {
  items: readonly ScheduleItem[];
  now: Date;
  isRunning: boolean;
}) {
  const { now: current, next } = nowAndNext(items, now);
  return (
    <div className={styles.nowAndNext}>
      {isRunning ? (
        <Moment title="Now" items={current} none="Nothing on the schedule right now." />
      ) : null}
      <Moment
        title={isRunning ? 'Next' : 'First'}
        items={next}
        none="Nothing more on the schedule."
      />
    </div>
  );
}

function Moment({
  title,
  items,
  none,
}: {
  title: string;
  items: readonly ScheduleItem[];
  none: string;
}) {
  return (
    <div className={styles.moment}>
      <h4 className={styles.dayHeading}>{title}</h4>
      {items.length > 0 ? (
        <ul className={styles.lines}>
          {items.map((item) => (
            <ScheduleLine key={item.id} item={item} />
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>{none}</p>
      )}
    </div>
  );
}
