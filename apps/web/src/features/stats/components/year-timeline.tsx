import type { ReactNode } from 'react';
import styles from './year-timeline.module.css';

export type TimelinePoint = { date: string; value: number };

type YearTimelineProps = {
  year: number;
  /** The visible caption of the figure. */
  caption: string;
  points: readonly TimelinePoint[];
  /** The data as text (a list), which is what screen readers read. */
  children: ReactNode;
};

const MONTH_INITIALS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];
const DAY_MS = 86_400_000;

function dayOfYear(date: string, year: number): number {
  return Math.round((Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - Date.UTC(year, 0, 1)) / DAY_MS);
}

/**
 * Days of one year as bars on a strip from January to December: it shows at a glance
 * when in the year they fell (lan weekends stand out). The bars are decorative; the
 * children carry the same data as text.
 */
export function YearTimeline({ year, caption, points, children }: YearTimelineProps) {
  const daysInYear = dayOfYear(`${year + 1}-01-01`, year);
  const largest = Math.max(0, ...points.map((point) => point.value).filter(Number.isFinite));
  return (
    <figure className={styles.figure}>
      <div className={styles.chart}>
        <svg
          className={styles.svg}
          aria-hidden="true"
          viewBox={`0 0 ${daysInYear} 100`}
          preserveAspectRatio="none"
          width="100%"
          height="100%"
        >
          <line className={styles.axis} x1="0" x2={daysInYear} y1="100" y2="100" />
          {points.map((point) => {
            const height =
              largest > 0 && Number.isFinite(point.value) ? (point.value / largest) * 96 : 0;
            return (
              <rect
                key={point.date}
                className={styles.bar}
                x={dayOfYear(point.date, year)}
                y={100 - height}
                width="2.5"
                height={height}
              />
            );
          })}
        </svg>
        <div className={styles.months} aria-hidden="true">
          {MONTH_INITIALS.map((initial, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: twelve fixed months
            <span key={index}>{initial}</span>
          ))}
        </div>
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
      {children}
    </figure>
  );
}
