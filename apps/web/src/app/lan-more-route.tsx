import { use } from 'react';
import { LanAnnouncements } from '../features/announcements/components/lan-announcements.tsx';
import { LanFood } from '../features/food/components/lan-food.tsx';
import leadStyles from '../features/lans/components/lan-lead.module.css';
import { LanLead } from '../features/lans/components/lan-lead.tsx';
import { LanNowPlaying } from '../features/now-playing/components/lan-now-playing.tsx';
import { LanSchedule } from '../features/schedule/components/lan-schedule.tsx';
import { LanSeatsRoute, lanSeatsReads } from '../features/seating/routes/lan-seats-route.tsx';
import { LanTournaments } from '../features/tournaments/components/lan-tournaments.tsx';
import { idParam } from '../lib/id-param.ts';
import { announcementsQueryOptions } from '../lib/lans/get-announcements.ts';
import { foodRoundsQueryOptions } from '../lib/lans/get-food-rounds.ts';
import { useLan } from '../lib/lans/get-lan.ts';
import { scheduleQueryOptions } from '../lib/lans/get-schedule.ts';
import { LanPageLead } from '../lib/lans/lan-page-lead.ts';
import { type Prefetch, started } from '../lib/page-reads.ts';
import { useParams } from '../lib/router/index.tsx';
import { lanTournamentsQueryOptions } from '../lib/tournaments/get-tournaments.ts';
import { usePainted } from '../lib/use-painted.ts';

/**
 * lans/:id, around the lan: a child route of the lan's page, so all of it comes from its
 * own chunk and the lan's page stays on the first screen without it. The lan page renders
 * it twice: above the lan (`LanPageLead`), what matters now and the links to the sections;
 * in the lan, the sections — announcements, food (issue 54), schedule, tournaments (issue 37), now playing
 * (issue 35) and the seat map (issue 34), each with its id (`#seats`…).
 */
export function LanMoreRoute() {
  const lanId = idParam(useParams().id);
  return lanId === null ? null : <AroundTheLan lanId={lanId} />;
}

function AroundTheLan({ lanId }: { lanId: number }) {
  const isLead = use(LanPageLead);
  const lan = useLan(lanId);
  // The sections come once the lan and its lead are painted: rendered with them, they were
  // one long task that kept the lan's banner off the screen.
  const showsSections = usePainted(!isLead);
  if (isLead) return lan.data ? <LanLead lan={lan.data} /> : null;
  if (!showsSections) return null;
  return (
    <>
      {lan.data ? (
        <>
          <LanAnnouncements lan={lan.data} />
          <LanFood lan={lan.data} />
          <LanSchedule lan={lan.data} />
          <LanTournaments lan={lan.data} />
          <LanNowPlaying lan={lan.data} />
        </>
      ) : null}
      <div id="seats" className={leadStyles.seats}>
        <LanSeatsRoute />
      </div>
    </>
  );
}

/** The sections' first reads, started as the app starts at a lan's page. */
export const lanMoreReads: Prefetch = (params, queryClient) => {
  lanSeatsReads(params, queryClient);
  const lanId = idParam(params.id);
  if (lanId === null) return;
  started(queryClient.ensureQueryData(scheduleQueryOptions(lanId)));
  started(queryClient.ensureQueryData(announcementsQueryOptions(lanId)));
  started(queryClient.ensureQueryData(foodRoundsQueryOptions(lanId)));
  started(queryClient.ensureQueryData(lanTournamentsQueryOptions(lanId)));
};
