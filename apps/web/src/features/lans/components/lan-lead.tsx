import type { Announcement, Lan } from '@lanparty/contract';
import { requiredRoles } from '@lanparty/contract/rules';
import { Settings } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { AnnouncementList } from '../../../components/announcements/announcement-list.tsx';
import controls from '../../../components/controls.module.css';
import { useFreshAnnouncements } from '../../../lib/lans/fresh-announcements.ts';
import { useAnnouncements } from '../../../lib/lans/get-announcements.ts';
import { Link, useLocation } from '../../../lib/router/index.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { lanPhaseAt } from '../model/lan-phase.ts';
import styles from './lan-lead.module.css';
import { LanNow } from './lan-now.tsx';
import { LanPageNav, useLanSections } from './lan-page-nav.tsx';

/** How often the top of the page looks at the clock again (the lan's start, now and next). */
const nowEveryMs = 30_000;

/**
 * The top of a lan's page, above the lan: while it runs and the day before, what matters now
 * (`LanNow`); otherwise any announcement that came while the page was open; then the
 * links to the page's sections, and for lan administrators the way to the lan's admin
 * page. A new announcement is read out by a polite live region, there before the first
 * comes (so that one is heard too), which moves no focus.
 */
export function LanLead({ lan }: { lan: Lan }) {
  const now = useNow(nowEveryMs);
  const phase = lanPhaseAt(lan, now);
  const isRunning = phase === 'running';
  const announcements = useAnnouncements(lan.id);
  const { fresh, said } = useFreshAnnouncements(announcements.data);
  const sections = useLanSections(lan, isRunning);
  const mayManage = useViewer().hasAnyRole(requiredRoles.lanManagement);
  useScrollToTarget();
  const top =
    isRunning || phase === 'dayBefore' ? (
      <LanNow lan={lan} isRunning={isRunning} now={now} fresh={fresh} />
    ) : fresh.length > 0 ? (
      <NewAnnouncements fresh={fresh} />
    ) : null;
  const hasBar = sections.length > 0 || mayManage;
  return (
    <>
      {phase === 'over' ? null : (
        <p className="visually-hidden" aria-live="polite">
          {said}
        </p>
      )}
      {top || hasBar ? (
        <div className={styles.lead}>
          {top}
          {hasBar ? (
            <div className={styles.bar}>
              {sections.length > 0 ? <LanPageNav sections={sections} /> : null}
              {mayManage ? (
                <Link to={`/admin/lans/${lan.id}`} className={controls.buttonSecondary}>
                  <Settings aria-hidden="true" size={18} />
                  Manage this lan
                </Link>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Announcements that came while the page was open, before or after the lan's days. */
function NewAnnouncements({ fresh }: { fresh: readonly Announcement[] }) {
  const headingId = useId();
  return (
    <section className={styles.now} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.nowHeading}>
        {fresh.length === 1 ? 'New announcement' : 'New announcements'}
      </h2>
      <AnnouncementList
        announcements={fresh.slice(0, 3)}
        freshIds={new Set(fresh.map((item) => item.id))}
      />
      <p className={styles.links}>
        <a href="#announcements">All announcements</a>
      </p>
    </section>
  );
}

/**
 * An address naming a section (`/lans/3#tournaments`, the way back from a tournament) shows
 * that section once it is there: the sections come after the lan and its lead (once those
 * are painted), from their own reads, so the browser found nothing to scroll to when the
 * page opened. Until the section is there, the page's changes are watched for it.
 */
function useScrollToTarget() {
  const { hash } = useLocation();
  const reached = useRef('');
  useEffect(() => {
    if (!hash || reached.current === hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const scrollIfThere = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      reached.current = hash;
      // After the layout's own scroll to the top of a new screen, which runs after this.
      requestAnimationFrame(() => target.scrollIntoView?.());
      return true;
    };
    if (scrollIfThere()) return;
    const watcher = new MutationObserver(() => {
      if (scrollIfThere()) watcher.disconnect();
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, [hash]);
}
