import type { UserProfile } from '@lanparty/contract';
import { TriangleAlert } from 'lucide-react';
import { usePlaytimeStatus } from '../api/get-playtime-status.ts';
import styles from './playtime-hint.module.css';

/**
 * For a user with a Steam account whose game details Steam keeps private: their playtime
 * cannot be counted, and this says how to change that. Nothing otherwise.
 */
export function PlaytimeHint({ user }: { user: UserProfile }) {
  const status = usePlaytimeStatus({ isEnabled: user.steamId !== null });
  if (!status.data?.isGameDetailsPrivate) return null;
  return (
    <aside className={styles.hint} aria-labelledby="playtime-hint-title">
      <TriangleAlert aria-hidden="true" size={20} className={styles.icon} />
      <div>
        <h3 id="playtime-hint-title" className={styles.title}>
          Your playtime is not counted
        </h3>
        <p>
          Steam keeps the games you play private, so they cannot show in the leaderboards. In Steam,
          open your profile, choose Edit Profile, then Privacy Settings, and set{' '}
          <strong>Game details</strong> to <strong>Public</strong>.
        </p>
      </div>
    </aside>
  );
}
