import { ArrowDown, ArrowUp, Minus, Sparkles } from 'lucide-react';
import { describeRankChange } from '../stats-rules.ts';
import styles from './rank-change.module.css';

type RankChangeProps = {
  position: number;
  /** null: new in the ranking; undefined: nothing to compare with (no arrow). */
  previousPosition: number | null | undefined;
  /** With nothing to compare (yet), keep the arrow's place empty rather than leave none. */
  keepsPlace?: boolean;
};

const placesText = (places: number) => `${places} ${places === 1 ? 'place' : 'places'}`;

/** An arrow of rank change with its meaning in words for screen readers. */
export function RankChange({ position, previousPosition, keepsPlace = false }: RankChangeProps) {
  const change = describeRankChange(position, previousPosition);
  switch (change.kind) {
    case 'none':
      return keepsPlace ? <span className={styles.change} aria-hidden="true" /> : null;
    case 'up':
      return (
        <span className={`${styles.change} ${styles.up}`} title={`Up ${placesText(change.places)}`}>
          <ArrowUp size={16} aria-hidden="true" />
          <span className="visually-hidden">up {placesText(change.places)}</span>
        </span>
      );
    case 'down':
      return (
        <span
          className={`${styles.change} ${styles.down}`}
          title={`Down ${placesText(change.places)}`}
        >
          <ArrowDown size={16} aria-hidden="true" />
          <span className="visually-hidden">down {placesText(change.places)}</span>
        </span>
      );
    case 'same':
      return (
        <span className={`${styles.change} ${styles.same}`} title="Same place">
          <Minus size={16} aria-hidden="true" />
          <span className="visually-hidden">same place</span>
        </span>
      );
    case 'new':
      return (
        <span className={`${styles.change} ${styles.new}`} title="New">
          <Sparkles size={16} aria-hidden="true" />
          <span className="visually-hidden">new</span>
        </span>
      );
  }
}
