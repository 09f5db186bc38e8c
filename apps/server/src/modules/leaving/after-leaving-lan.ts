import type { Executor } from '../../db/executor.ts';
import { freeSeatOf } from '../seating/seat-picks.repository.ts';
import type { PlayDeps } from '../tournaments/bracket-play.ts';
import { leaveLanTournaments } from '../tournaments/tournament-leaving.ts';

/**
 * What follows one leaving a lan, the one step every way of leaving takes (decision 049):
 * a place given up or denied, a subscription withdrawn, an account erased. In the
 * transaction of that change, the lan's row held first: their seat is freed (a pick racing
 * the change is refused by its own condition, decision 042), and they leave the lan's
 * tournaments (tournaments.service.ts leaveLanTournaments). A lan deleted takes its seats and
 * tournaments with it. Subscriptions call it through `PlacesDeps.leaveLan`, handed in by the
 * app: seating and tournaments read subscriptions.
 */
export async function afterLeavingLan(
  deps: PlayDeps,
  trx: Executor,
  lanId: number,
  userId: number,
): Promise<void> {
  await freeSeatOf(trx, lanId, userId);
  await leaveLanTournaments(deps, trx, lanId, userId);
}
