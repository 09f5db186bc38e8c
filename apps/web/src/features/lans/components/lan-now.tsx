import type { Announcement, Lan } from '@lanparty/contract';
import { type ReactNode, useId } from 'react';
import { AnnouncementList } from '../../../components/announcements/announcement-list.tsx';
import { hasData } from '../../../components/query-status.tsx';
import { NowAndNext } from '../../../components/schedule/now-and-next.tsx';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import { useAnnouncements } from '../../../lib/lans/get-announcements.ts';
import { useSchedule } from '../../../lib/lans/get-schedule.ts';
import { useSeating } from '../../../lib/lans/get-seating.ts';
import { Link } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { useNextMatch } from '../api/use-next-match.ts';
import type { NextMatch } from '../model/next-match.ts';
import styles from './lan-lead.module.css';
import { useOwnTicket } from './lan-ticket.tsx';
import { subscriptionMessages } from './subscription-panel.tsx';

/** The announcements the top of the page shows at most; the rest are a link away. */
const announcementsShown = 3;

type LanNowProps = {
  lan: Lan;
  /** Whether the lan runs (else it starts tomorrow or today). */
  isRunning: boolean;
  now: Date;
  /** Announcements that came while the page was open, newest first. */
  fresh: readonly Announcement[];
};

/**
 * What matters now, at the top of a lan's page while it runs and the day before: the
 * viewer's place and seat, the pinned announcements (and any new one), now and next on the
 * schedule, the viewer's next match. Shown once its reads are in, in one piece, so the lan
 * below moves once at most; nothing when none of it has anything to say.
 */
export function LanNow({ lan, isRunning, now, fresh }: LanNowProps) {
  const headingId = useId();
  const userId = useViewer().user?.id ?? null;
  const own = useOwnTicket(lan, false);
  const announcements = useAnnouncements(lan.id);
  const schedule = useSchedule(lan.id);
  const seating = useSeating(lan.id);
  const { nextMatch, isLoading } = useNextMatch(lan.id, userId, own.ticket !== undefined);
  const isSettled =
    !announcements.isPending &&
    !schedule.isPending &&
    !(own.holdsTicket && own.subscriptions.isPending) &&
    !isLoading;
  if (!isSettled) return null;

  const ticket = own.ticket;
  const seatOnMap = hasData(seating)
    ? (seating.data.seats.find((seat) => seat.occupant?.userId === userId)?.label ?? null)
    : undefined;
  const seat = seatOnMap === undefined ? (ticket?.seat ?? null) : seatOnMap;
  const items = announcements.data ?? [];
  const shownAnnouncements = leadingAnnouncements(items, fresh);
  const scheduleItems = schedule.data ?? [];
  const panels: ReactNode[] = [];
  if (ticket)
    panels.push(
      <Panel key="place" title="Your place">
        <p className={styles.fact}>{subscriptionMessages[ticket.status]}</p>
        <p className={styles.fact}>{seat ? <>Seat {seat}</> : 'No seat yet'}</p>
        <p className={styles.links}>
          {ticket.checkInCode ? <a href="#ticket">Your ticket</a> : null}
          {hasData(seating) ? <a href="#seats">{seat ? 'Seat map' : 'Choose a seat'}</a> : null}
        </p>
      </Panel>,
    );
  if (shownAnnouncements.length > 0)
    panels.push(
      <Panel key="announcements" title="Announcements">
        <AnnouncementList
          announcements={shownAnnouncements}
          freshIds={new Set(fresh.map((item) => item.id))}
        />
        {items.length > shownAnnouncements.length ? (
          <p className={styles.links}>
            <a href="#announcements">All {items.length} announcements</a>
          </p>
        ) : null}
      </Panel>,
    );
  if (scheduleItems.length > 0)
    panels.push(
      <Panel key="schedule" title="Schedule">
        <NowAndNext items={scheduleItems} now={now} isRunning={isRunning} />
        <p className={styles.links}>
          <a href="#schedule">The whole schedule</a>
        </p>
      </Panel>,
    );
  if (nextMatch)
    panels.push(
      <Panel key="match" title="Your next match">
        <MatchLines next={nextMatch} />
      </Panel>,
    );
  if (panels.length === 0) return null;
  return (
    <section className={styles.now} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.nowHeading}>
        {isRunning ? 'Happening now' : 'Starting soon'}
      </h2>
      {isRunning ? null : (
        <p className={styles.starts}>
          Starts <time dateTime={lan.startDate}>{formatCommunityDateTime(lan.startDate)}</time>
        </p>
      )}
      <div className={styles.panels}>{panels}</div>
    </section>
  );
}

/**
 * What the top shows of a lan's announcements: the new ones first, then the pinned ones;
 * with neither, the newest. At most `announcementsShown`.
 */
export function leadingAnnouncements(
  items: readonly Announcement[],
  fresh: readonly Announcement[],
): Announcement[] {
  const freshIds = new Set(fresh.map((item) => item.id));
  const leading = [...fresh, ...items.filter((item) => item.pinned && !freshIds.has(item.id))];
  const newest = items.toSorted((a, b) => Date.parse(b.creationDate) - Date.parse(a.creationDate));
  return (leading.length > 0 ? leading : newest.slice(0, 1)).slice(0, announcementsShown);
}

/** A part of what matters now: a heading and its lines (no region: the sections are those). */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.panel}>
      <h3 className={styles.panelHeading}>{title}</h3>
      {children}
    </div>
  );
}

function MatchLines({ next }: { next: NextMatch }) {
  const { tournament, roundName, opponent, match } = next;
  return (
    <>
      <p className={styles.fact}>
        <Link to={`/tournaments/${tournament.id}`}>{tournament.name}</Link>, {roundName}
      </p>
      <p className={styles.fact}>
        {opponent === null ? 'Your opponent is not known yet' : `Against ${opponent}`}
      </p>
      {match.status === 'running' ? <p className={styles.muted}>Being played</p> : null}
      {match.status === 'ready' && opponent !== null ? (
        <p className={styles.muted}>Ready to play: report the result on the tournament’s page</p>
      ) : null}
    </>
  );
}
