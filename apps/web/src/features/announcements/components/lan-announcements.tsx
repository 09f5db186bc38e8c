import type { Lan } from '@lanparty/contract';
import { isLanOpen } from '@lanparty/contract/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { AnnouncementList } from '../../../components/announcements/announcement-list.tsx';
import styles from '../../../components/schedule/schedule.module.css';
import { useAnnouncements } from '../../../lib/lans/get-announcements.ts';

/**
 * A lan's announcements on its page (issue 35), while the lan is not over: pinned first,
 * then newest. One that arrives while the page is open (the `announcement` event reads
 * them again) is read out by a polite live region, which waits for the reader to finish
 * and moves no focus; the region is there before the first one comes, so that one is
 * heard too.
 */
export function LanAnnouncements({ lan }: { lan: Lan }) {
  const announcements = useAnnouncements(lan.id);
  const headingId = useId();
  const said = useNewAnnouncements(announcements.data);
  if (!isLanOpen(lan)) return null;
  const items = announcements.data ?? [];
  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      {items.length > 0 ? (
        <section className={styles.schedule} aria-labelledby={headingId}>
          <h3 id={headingId} className={styles.heading}>
            Announcements
          </h3>
          <AnnouncementList announcements={items} />
        </section>
      ) : null}
    </>
  );
}

/** What to read out: the announcements that came after the first read, as they come. */
function useNewAnnouncements(items: readonly { id: number; text: string }[] | undefined) {
  const seen = useRef<Set<number> | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((item) => item.id));
      return;
    }
    const known = seen.current;
    const fresh = items.filter((item) => !known.has(item.id));
    for (const item of items) known.add(item.id);
    if (fresh.length > 0)
      setSaid(`New announcement: ${fresh.map((item) => item.text).join(' — ')}`);
  }, [items]);
  return said;
}
