import type { Announcement } from '@lanparty/contract';
import { Pin } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCommunityDateTime } from '../../lib/format-date.ts';
import styles from './announcements.module.css';

/**
 * Announcements as posted: pinned ones marked, each with when; those in `freshIds` (come
 * while the page was open) marked new; `actionsOf` at their end.
 */
export function AnnouncementList({
  announcements,
  actionsOf,
  freshIds,
}: {
  announcements: readonly Announcement[];
  actionsOf?: (announcement: Announcement) => ReactNode;
  freshIds?: ReadonlySet<number>;
}) {
  return (
    <ul className={styles.list}>
      {announcements.map((announcement) => (
        <li
          key={announcement.id}
          className={announcement.pinned ? `${styles.item} ${styles.pinned}` : styles.item}
        >
          <p className={styles.text}>{announcement.text}</p>
          <p className={styles.meta}>
            {freshIds?.has(announcement.id) ? (
              <>
                <span className={styles.fresh}>New</span>
                {' · '}
              </>
            ) : null}
            {announcement.pinned ? (
              <>
                <span className={styles.pin}>
                  <Pin aria-hidden="true" size={14} />
                  Pinned
                </span>
                {' · '}
              </>
            ) : null}
            <time dateTime={announcement.creationDate}>
              {formatCommunityDateTime(announcement.creationDate)}
            </time>
          </p>
          {actionsOf ? <div className={styles.actions}>{actionsOf(announcement)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
