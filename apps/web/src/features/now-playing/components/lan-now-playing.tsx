import type { Lan } from '@lanparty/contract';
import { hasLanStarted, isLanOpen } from '@lanparty/contract/rules';
import { useId } from 'react';
import styles from '../../../components/schedule/schedule.module.css';
import { formatPlayTime } from '../../../lib/format-play-time.ts';
import { useNowPlaying } from '../../../lib/lans/get-now-playing.ts';
import { nowPlayingGap, playersLine } from '../../../lib/lans/now-playing-text.ts';
import { useNow } from '../../../lib/use-now.ts';
import own from './lan-now-playing.module.css';

/** The most played games the page lists. */
const topShown = 5;

/**
 * Now playing on a lan's page while the lan runs (issue 35): what its present participants
 * play, by game, most players first, and the lan's most played games so far; read again
 * each minute. Before and after the lan: nothing.
 */
export function LanNowPlaying({ lan }: { lan: Lan }) {
  const now = useNow(60_000);
  const isRunning = hasLanStarted(lan, now) && isLanOpen(lan, now);
  const board = useNowPlaying(lan.id, { isEnabled: isRunning });
  const headingId = useId();
  if (!isRunning || !board.data) return null;
  const gap = nowPlayingGap(board.data);
  const top = board.data.topGames.slice(0, topShown);
  return (
    <section className={styles.schedule} aria-labelledby={headingId} id="now-playing">
      <h3 id={headingId} className={styles.heading}>
        Now playing
      </h3>
      {gap ? (
        <p className={styles.meta}>{gap}</p>
      ) : (
        <ul className={own.games}>
          {board.data.games.map((game) => (
            <li key={game.gameId} className={own.game}>
              <span className={styles.title}>{game.name}</span>
              <span className={styles.meta}>{playersLine(game)}</span>
            </li>
          ))}
        </ul>
      )}
      {top.length > 0 ? (
        <>
          <h4 className={styles.dayHeading}>Most played at this lan so far</h4>
          <ol className={own.top}>
            {top.map((game) => (
              <li key={game.gameId}>
                <span className={styles.title}>{game.name}</span>{' '}
                <span className={styles.meta}>
                  {formatPlayTime(game.seconds)} by {game.playerCount}
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
