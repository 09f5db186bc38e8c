import type { Lan } from '@lanparty/contract';
import { isLanOpen, requiredRoles } from '@lanparty/contract/rules';
import { hasData } from '../../../components/query-status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAnnouncements } from '../../../lib/lans/get-announcements.ts';
import { useFoodRounds } from '../../../lib/lans/get-food-rounds.ts';
import { useNowPlaying } from '../../../lib/lans/get-now-playing.ts';
import { useSchedule } from '../../../lib/lans/get-schedule.ts';
import { useSeating } from '../../../lib/lans/get-seating.ts';
import { useLanTournaments } from '../../../lib/tournaments/get-tournaments.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import styles from './lan-lead.module.css';
import { useOwnTicket } from './lan-ticket.tsx';

/** A section of the lan page: the id it carries (`#seats`) and the link's words. */
export type LanSection = { id: string; label: string };

/**
 * The sections the lan page shows, in its order, each once it is there: they ask what the
 * sections themselves ask (the same queries), so a link never leads to nothing.
 */
export function useLanSections(lan: Lan, isRunning: boolean): LanSection[] {
  const viewer = useViewer();
  const { ticket } = useOwnTicket(lan, false);
  const announcements = useAnnouncements(lan.id);
  const schedule = useSchedule(lan.id);
  const food = useFoodRounds(lan.id);
  const tournaments = useLanTournaments(lan.id);
  const nowPlaying = useNowPlaying(lan.id, { isEnabled: isRunning });
  const seating = useSeating(lan.id);
  const isOpen = isLanOpen(lan);
  const shown: [boolean, string, string][] = [
    [Boolean(ticket?.checkInCode), 'ticket', 'Your ticket'],
    [isOpen && (announcements.data?.length ?? 0) > 0, 'announcements', 'Announcements'],
    [
      (food.data ?? []).some((round) => round.state !== 'cancelled') ||
        (food.isError && !food.data),
      'food',
      'Food',
    ],
    [
      (schedule.data?.length ?? 0) > 0 || (schedule.isError && !schedule.data),
      'schedule',
      'Schedule',
    ],
    [
      (tournaments.data?.length ?? 0) > 0 ||
        (isOpen && viewer.hasAnyRole(requiredRoles.lanManagement)),
      'tournaments',
      'Tournaments',
    ],
    [isRunning && nowPlaying.data !== undefined, 'now-playing', 'Now playing'],
    [hasData(seating) || (seating.isError && !isApiError(seating.error, 404)), 'seats', 'Seats'],
    [lan.subscribers.length > 0, 'subscribers', 'Subscribers'],
  ];
  return shown.flatMap(([isShown, id, label]) => (isShown ? [{ id, label }] : []));
}

/** The lan page's own short navigation: a link to each of its sections. */
export function LanPageNav({ sections }: { sections: readonly LanSection[] }) {
  return (
    <nav aria-label="On this page" className={styles.nav}>
      <ul className={styles.navList}>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className={styles.navLink}>
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
