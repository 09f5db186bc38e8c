import type { Executor } from '../../db/executor.ts';
import { type PlayDeps, settleWalkovers } from './bracket-play.ts';
import { dropInvitations } from './entry-members.repository.ts';
import {
  findEntriesCaptainedBy,
  leaveOpenTournament,
  setEntryFlags,
} from './tournament-entries.repository.ts';
import {
  findUnfinishedTournamentIds,
  holdTournament,
  lockTournament,
  type TournamentRow,
} from './tournaments.repository.ts';

/**
 * One who leaves a lan (their subscription withdrawn, no longer Accepted or Paid, their
 * account erased) leaves its tournaments, in the transaction of that change (the lan's row
 * held first), as part of the one step that follows leaving (leaving/after-leaving-lan.ts): out of those not started (their entry alone goes, a team loses them), and each
 * entry they captain in one under way gives up — its matches to come are walkovers.
 *
 * Every tournament of the lan not finished is held first, in id order, and only then are
 * their entries read: a sign-up racing the change either commits before the hold (and is
 * found) or waits for it and then finds its place gone.
 */
export async function leaveLanTournaments(
  deps: PlayDeps,
  trx: Executor,
  lanId: number,
  userId: number,
): Promise<void> {
  for (const id of await findUnfinishedTournamentIds(trx, lanId)) {
    const tournament = await holdTournament(trx, id);
    if (tournament?.state === 'open') {
      const hasLeft = await leaveOpenTournament(trx, id, userId);
      // Open pages show whom each team invited: an invitation gone changes the tournament
      // too (raised once, when leaving it raised nothing).
      if ((await dropInvitations(trx, id, [userId])) > 0 && !hasLeft) await lockTournament(trx, id);
    }
    if (tournament?.state !== 'running') continue;
    const entryIds = await findEntriesCaptainedBy(trx, id, userId);
    if (entryIds.length === 0) continue;
    const changed = (await lockTournament(trx, id)) as TournamentRow;
    await setEntryFlags(trx, entryIds, { has_forfeited: true });
    await settleWalkovers(deps, trx, changed);
  }
}
