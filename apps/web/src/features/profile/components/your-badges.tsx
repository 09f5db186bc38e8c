import type { UserHistory, UserProfile } from '@lanparty/contract';
import { useEffect, useState } from 'react';
import section from '../../../components/section.module.css';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { useMarkBadgesSeen } from '../api/history-and-data.ts';
import { BadgePicture } from './badge-picture.tsx';
import styles from './your-badges.module.css';

/**
 * The profile's Badges section (issue 36): each badge the server awarded, newest first, with
 * its picture, name, the one line that says what earned it and the day. Badges newly earned
 * (in the last 30 days) that the user had not seen are marked new here, and the site's notice
 * of them goes; older ones the server counts as told (syncBadges).
 */
export function YourBadges({
  user,
  history,
}: {
  user: UserProfile;
  history: UserHistory | undefined;
}) {
  const [newKeys] = useState(() => new Set(user.notices.newBadges.map((badge) => badge.key)));
  const markSeen = useMarkBadgesSeen();
  const hasNew = user.notices.newBadges.length > 0;
  const { mutate } = markSeen;
  useEffect(() => {
    if (hasNew) mutate();
  }, [hasNew, mutate]);
  if (!history) return null;
  return (
    <section id="badges" className={section.section} aria-labelledby="badges-title">
      <h2 id="badges-title" className={section.sectionTitle}>
        Badges
      </h2>
      {history.badges.length === 0 ? (
        <p>
          No badges yet. Your first lan earns one, and so do 5, 10, 25 and 50 lans, 3, 5 and 10 in a
          row, a place on a month’s podium and helping to run a lan.
        </p>
      ) : (
        <ul className={styles.badges}>
          {history.badges.map((badge) => (
            <li key={badge.key} className={styles.badge}>
              <BadgePicture badgeKey={badge.key} label={`${badge.name} badge`} />
              <div className={styles.text}>
                <h3 className={styles.name}>
                  {badge.name}
                  {newKeys.has(badge.key) ? (
                    <span className={styles.new}>
                      <span className="visually-hidden">, </span>New
                    </span>
                  ) : null}
                </h3>
                <p>{badge.reason}</p>
                <p className={styles.earned}>Earned {formatDisplayDate(badge.earnedOn)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
