import type { PlayerRankingItem } from '@lanparty/contract';
import { UserAvatar } from '../../../components/user-avatar/user-avatar.tsx';
import { formatPlaytimeHours } from '../stats-rules.ts';
import styles from './podium.module.css';
import { RankChange } from './rank-change.tsx';

/** Spec §9: the podium has 3 places. */
export const PODIUM_PLACES = 3;

const MEDALS = ['gold', 'silver', 'bronze'] as const;

/**
 * The month's top three on a podium: gold in the middle and highest, silver left, bronze
 * right. The list stays in reading order (1, 2, 3); only the layout moves the places.
 */
export function Podium({ items }: { items: readonly PlayerRankingItem[] }) {
  return (
    <ol className={styles.podium} aria-label="Podium">
      {items.slice(0, PODIUM_PLACES).map((item, index) => {
        const medal = MEDALS[index] ?? 'bronze';
        return (
          <li key={item.user.id} className={`${styles.place} ${styles[medal]}`}>
            <div className={styles.player}>
              <UserAvatar user={item.user} size={index === 0 ? 88 : 64} />
              <span className={styles.nickname}>{item.user.nickname}</span>
              <span className={styles.hours}>
                <strong>{formatPlaytimeHours(item.totalPlaytime)}</strong> hours
              </span>
            </div>
            <div className={styles.step}>
              <span className={styles.medal}>
                <span className="visually-hidden">{medal}, position </span>
                {item.position}
              </span>
              <RankChange position={item.position} previousPosition={item.previousPosition} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
