import { LanAnnouncements } from '../features/announcements/components/lan-announcements.tsx';
import { LanNowPlaying } from '../features/now-playing/components/lan-now-playing.tsx';
import { LanSchedule } from '../features/schedule/components/lan-schedule.tsx';
import { LanSeatsRoute, lanSeatsReads } from '../features/seating/routes/lan-seats-route.tsx';
import { LanTournaments } from '../features/tournaments/components/lan-tournaments.tsx';
import { idParam } from '../lib/id-param.ts';
import { announcementsQueryOptions } from '../lib/lans/get-announcements.ts';
import { useLan } from '../lib/lans/get-lan.ts';
import { scheduleQueryOptions } from '../lib/lans/get-schedule.ts';
import { type Prefetch, started } from '../lib/page-reads.ts';
import { useParams } from '../lib/router/index.tsx';
import { lanTournamentsQueryOptions } from '../lib/tournaments/get-tournaments.ts';

/**
 * lans/:id, below the lan: its announcements, schedule, tournaments (issue 37) and now playing
 * (issue 35) and its seat map
 * (issue 34), a child
 * route of the lan's page so they come from their own chunk and the lan's page stays on
 * the first screen without them.
 */
export function LanMoreRoute() {
  const lanId = idParam(useParams().id);
  return lanId === null ? null : (
    <>
      <ScheduleOfLan lanId={lanId} />
      <LanSeatsRoute />
    </>
  );
}

function ScheduleOfLan({ lanId }: { lanId: number }) {
  const lan = useLan(lanId);
  return lan.data ? (
    <>
      <LanAnnouncements lan={lan.data} />
      <LanSchedule lan={lan.data} />
      <LanTournaments lan={lan.data} />
      <LanNowPlaying lan={lan.data} />
    </>
  ) : null;
}

/** The schedule's and the map's first reads, started as the app starts at a lan's page. */
export const lanMoreReads: Prefetch = (params, queryClient) => {
  lanSeatsReads(params, queryClient);
  const lanId = idParam(params.id);
  if (lanId === null) return;
  started(queryClient.ensureQueryData(scheduleQueryOptions(lanId)));
  started(queryClient.ensureQueryData(announcementsQueryOptions(lanId)));
  started(queryClient.ensureQueryData(lanTournamentsQueryOptions(lanId)));
};
