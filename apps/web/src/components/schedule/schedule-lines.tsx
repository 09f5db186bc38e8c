import type { ScheduleItem } from '@lanparty/contract';
import { scheduleKindLabels } from '@lanparty/contract/rules';
import type { ReactNode } from 'react';
import { formatDisplayDate, readCommunityClock } from '../../lib/format-date.ts';
import styles from './schedule.module.css';

const day = 86_400_000;

/** An end within a day of the start reads as a time alone (`23:00–01:00`), a later one with its date. */
const isWithinADay = (item: ScheduleItem) =>
  item.endDate !== null && Date.parse(item.endDate) - Date.parse(item.startDate) < day;

/** `18:00–20:00`, or `18:00` for an item without an end, as times a screen reader reads. */
export function ItemTimes({ item }: { item: ScheduleItem }) {
  const start = readCommunityClock(item.startDate);
  const end = item.endDate === null ? null : readCommunityClock(item.endDate);
  return (
    <span className={styles.times}>
      <time dateTime={item.startDate}>{start.time}</time>
      {end ? (
        <>
          –
          <time dateTime={item.endDate ?? undefined}>
            {isWithinADay(item) ? end.time : `${formatDisplayDate(end.date)}, ${end.time}`}
          </time>
        </>
      ) : null}
    </span>
  );
}

/** One item as a line: its times, title, kind and place; `actions` at its end (the editor's). */
export function ScheduleLine({ item, actions }: { item: ScheduleItem; actions?: ReactNode }) {
  return (
    <li className={styles.line}>
      <ItemTimes item={item} />
      <span className={styles.what}>
        <span className={styles.title}>{item.title}</span>
        <span className={styles.meta}>
          {scheduleKindLabels[item.kind]}
          {item.place ? ` · ${item.place}` : ''}
        </span>
      </span>
      {actions ? <span className={styles.actions}>{actions}</span> : null}
    </li>
  );
}

/** Items by day (on the community's clocks), each day a heading and its lines. */
export function ScheduleDays({
  items,
  actionsOf,
  headingLevel = 4,
}: {
  items: readonly ScheduleItem[];
  actionsOf?: (item: ScheduleItem) => ReactNode;
  headingLevel?: 3 | 4;
}) {
  const days = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    const { date } = readCommunityClock(item.startDate);
    days.set(date, [...(days.get(date) ?? []), item]);
  }
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className={styles.days}>
      {[...days].map(([date, dayItems]) => (
        <div key={date} className={styles.day}>
          <Heading className={styles.dayHeading}>{formatDisplayDate(date)}</Heading>
          <ul className={styles.lines}>
            {dayItems.map((item) => (
              <ScheduleLine key={item.id} item={item} actions={actionsOf?.(item)} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
