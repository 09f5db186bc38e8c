import { Accessibility, Wrench } from 'lucide-react';
import type { CSSProperties } from 'react';
import styles from './seat-legend.module.css';
import map from './seat-map.module.css';

type SeatLegendProps = {
  /** The viewer's clan, for its entry: its tag on its colour. */
  clan: { tag: string; colour: string } | null;
};

/** What each look of a seat means, with a small seat of each look beside its words. */
export function SeatLegend({ clan }: SeatLegendProps) {
  const entries: {
    key: string;
    className: string | undefined;
    mark?: string;
    text: string;
    style?: CSSProperties;
  }[] = [
    { key: 'free', className: map.free, text: 'Free' },
    { key: 'taken', className: map.taken, mark: 'Ni', text: 'Taken: initials or clan tag' },
    ...(clan
      ? [
          {
            key: 'clan',
            className: `${map.clan} ${map.inClan}`,
            mark: clan.tag,
            text: 'Your clan',
            style: { '--clan': clan.colour } as CSSProperties,
          },
        ]
      : []),
    { key: 'mine', className: map.mine, mark: 'You', text: 'Your seat' },
    { key: 'blocked', className: map.blocked, text: 'Blocked' },
  ];
  return (
    <ul className={styles.legend} aria-label="Legend">
      {entries.map((entry) => (
        <li key={entry.key} className={styles.entry}>
          <span
            className={`${map.seat} ${entry.className} ${styles.swatch}`}
            style={entry.style}
            aria-hidden="true"
          >
            {entry.mark ? <span className={map.mark}>{entry.mark}</span> : null}
          </span>
          {entry.text}
        </li>
      ))}
      <li className={styles.entry}>
        <span className={`${map.seat} ${map.free} ${map.crew} ${styles.swatch}`} aria-hidden="true">
          <Wrench className={map.kindIcon} />
        </span>
        Crew
      </li>
      <li className={styles.entry}>
        <span className={`${map.seat} ${map.free} ${styles.swatch}`} aria-hidden="true">
          <Accessibility className={map.kindIcon} />
        </span>
        Accessible
      </li>
      <li className={styles.entry}>
        <span
          className={`${map.seat} ${map.taken} ${map.found} ${styles.swatch}`}
          aria-hidden="true"
        />
        Found
      </li>
    </ul>
  );
}
