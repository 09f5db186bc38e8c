import { Accessibility, UserRound, UserRoundCheck, Wrench } from 'lucide-react';
import type { CSSProperties } from 'react';
import styles from './seat-legend.module.css';
import map from './seat-map.module.css';

type SeatLegendProps = {
  /** The viewer's clan, for its entry: its colour. */
  clan: { tag: string; colour: string } | null;
};

/** What each look of a seat means, with a small seat of each look beside its words. */
export function SeatLegend({ clan }: SeatLegendProps) {
  const taken = <UserRound className={map.occupied} />;
  const entries: {
    key: string;
    className: string | undefined;
    icon?: React.ReactNode;
    text: string;
    style?: CSSProperties;
  }[] = [
    { key: 'free', className: map.free, text: 'Free' },
    { key: 'taken', className: map.taken, icon: taken, text: 'Taken' },
    ...(clan
      ? [
          {
            key: 'clan',
            className: `${map.clan} ${map.inClan}`,
            icon: taken,
            text: `Your clan [${clan.tag}]`,
            style: { '--clan': clan.colour } as CSSProperties,
          },
        ]
      : []),
    {
      key: 'mine',
      className: map.mine,
      icon: <UserRoundCheck className={map.occupied} />,
      text: 'Your seat',
    },
    { key: 'blocked', className: map.blocked, text: 'Blocked' },
    {
      key: 'crew',
      className: `${map.free} ${map.crew}`,
      icon: <Wrench className={map.kindIcon} />,
      text: 'Crew',
    },
    {
      key: 'accessible',
      className: map.free,
      icon: <Accessibility className={map.kindIcon} />,
      text: 'Accessible',
    },
    { key: 'found', className: `${map.taken} ${map.found}`, text: 'Found' },
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
            {entry.icon}
          </span>
          {entry.text}
        </li>
      ))}
    </ul>
  );
}
