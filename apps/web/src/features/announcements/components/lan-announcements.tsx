import type { Lan } from '@lanparty/contract';
import { isLanOpen } from '@lanparty/contract/rules';
import { useId } from 'react';
import { AnnouncementList } from '../../../components/announcements/announcement-list.tsx';
import styles from '../../../components/schedule/schedule.module.css';
import { useAnnouncements } from '../../../lib/lans/get-announcements.ts';

/**
 * A lan's announcements on its page (issue 35), `#announcements`, while the lan is not
 * over: pinned first, then newest. One that arrives while the page is open shows at the
 * top of the page too, and is read out there (the lan's lead).
 */
export function LanAnnouncements({ lan }: { lan: Lan }) {
  const announcements = useAnnouncements(lan.id);
  const headingId = useId();
  const items = announcements.data ?? [];
  if (!isLanOpen(lan) || items.length === 0) return null;
  return (
    <section className={styles.schedule} aria-labelledby={headingId} id="announcements">
      <h3 id={headingId} className={styles.heading}>
        Announcements
      </h3>
      <AnnouncementList announcements={items} />
    </section>
  );
}
