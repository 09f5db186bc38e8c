import type { UserPublic } from '@lanparty/contract';
import { ClanTag } from '../../../components/clan-tag.tsx';
import { UserAvatar } from '../../../components/user-avatar/user-avatar.tsx';
import styles from './lanner-card.module.css';

/** One lanner or member: avatar, nickname (with their clan's tag) and how many lans they attended
 * (unless they hide their history). */
export function LannerCard({ user, isAvatarLazy }: { user: UserPublic; isAvatarLazy: boolean }) {
  return (
    <article className={styles.card} aria-label={user.nickname}>
      <UserAvatar user={user} size={72} isLazy={isAvatarLazy} />
      <div className={styles.text}>
        <h3 className={styles.nickname}>
          {user.nickname}
          <ClanTag clan={user.clan} />
        </h3>
        {user.stats.numberOfLans === null ? null : (
          <p className={styles.visits}>Visited {user.stats.numberOfLans} lans</p>
        )}
      </div>
    </article>
  );
}
