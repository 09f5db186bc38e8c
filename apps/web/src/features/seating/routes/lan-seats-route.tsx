import { idParam } from '../../../lib/id-param.ts';
import { seatingQueryOptions } from '../../../lib/lans/get-seating.ts';
import { type Prefetch, started } from '../../../lib/page-reads.ts';
import { useParams } from '../../../lib/router/index.tsx';
import { LanSeats } from '../components/lan-seats.tsx';

/**
 * lans/:id, below the lan: its seat map (issue 34), a child route of the lan's page so it
 * comes from its own chunk and the lan's page stays on the first screen without it.
 */
export function LanSeatsRoute() {
  const lanId = idParam(useParams().id);
  return lanId === null ? null : <LanSeats lanId={lanId} />;
}

/** The map's first read, started as the app starts at a lan's page. */
export const lanSeatsReads: Prefetch = (params, queryClient) => {
  const lanId = idParam(params.id);
  if (lanId !== null) started(queryClient.ensureQueryData(seatingQueryOptions(lanId)));
};
