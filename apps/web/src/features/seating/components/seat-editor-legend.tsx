import { Accessibility, Ban, HardHat, UserRound } from 'lucide-react';
import styles from './seat-editor.module.css';
import type { DraftSeat } from './seat-plan-draft.ts';

/** A seat's kind and whether someone sits there, as an icon above the label. */
export function SeatMark({ kind, isTaken }: { kind: DraftSeat['kind']; isTaken: boolean }) {
  const Icon =
    kind === 'accessible'
      ? Accessibility
      : kind === 'crew'
        ? HardHat
        : kind === 'blocked'
          ? Ban
          : isTaken
            ? UserRound
            : null;
  return Icon ? <Icon className={styles.seatMark} aria-hidden="true" size={12} /> : null;
}

export function SeatLegend() {
  return (
    <ul className={styles.legend} aria-label="Legend">
      <li>
        <span className={styles.legendSeat} data-kind="standard" /> Standard
      </li>
      <li>
        <Accessibility aria-hidden="true" size={14} /> Accessible
      </li>
      <li>
        <HardHat aria-hidden="true" size={14} /> Crew
      </li>
      <li>
        <Ban aria-hidden="true" size={14} /> Blocked
      </li>
      <li>
        <UserRound aria-hidden="true" size={14} /> Someone sits there
      </li>
    </ul>
  );
}
