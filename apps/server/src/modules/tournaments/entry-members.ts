import type { Tournament } from '@lanparty/contract';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  deleteInvitation,
  dropInvitations,
  insertMember,
  isInvited,
} from './entry-members.repository.ts';
import { entryNameOf } from './tournaments.presenter.ts';
import {
  findEntriesOf,
  findEntry,
  findEntryMemberIds,
  findPeople,
  leaveOpenTournament,
  type TournamentRow,
} from './tournaments.repository.ts';
import {
  changeTournament,
  findVisibleTournament,
  readTournament,
  refuseUnlessOpen,
  type TournamentsDeps,
} from './tournaments.service.ts';

/*
 * A team's members before the start (issue 50, decision 046). Those its captain names are
 * invited and join by accepting (a lan administrator's entry puts them in at once); anyone
 * leaves an entry, or declines an invitation, until the start; its captain and lan
 * administrators take anyone out. The tournament's row is held for each change, so one
 * person's two acceptances at once join one team: the second finds them in the first.
 */

const noEntry = (tournament: TournamentRow, entryId: number) =>
  new ProblemError(404, `${tournament.name} has no entry ${entryId}.`);

/** PUT /api/tournaments/{id}/entries/{entryId}/members/{userId}: the one invited joins. */
export async function acceptInvitation(
  deps: TournamentsDeps,
  viewer: Viewer,
  tournamentId: number,
  entryId: number,
  userId: number,
): Promise<Tournament> {
  authorize(viewer, 'tournamentInvitation.accept', userId);
  const { lan } = await findVisibleTournament(deps.db, viewer, tournamentId);
  const changed = await changeTournament(
    deps,
    tournamentId,
    async (trx, tournament) => {
      const entry = await findEntry(trx, tournamentId, entryId);
      if (!entry) throw noEntry(tournament, entryId);
      refuseUnlessOpen(tournament, 'joining a team');
      const members = await findEntryMemberIds(trx, entryId);
      // Asked again after it worked (a second click): the same answer.
      if (members.includes(userId)) return tournament;
      // Entering elsewhere dropped the invitation: say where they are rather than 404.
      const [elsewhere] = await findEntriesOf(trx, tournamentId, [userId]);
      const other = elsewhere && (await findEntry(trx, tournamentId, elsewhere.entry_id));
      if (other)
        throw new ProblemError(
          409,
          `You are in ${tournament.name} already, in ${entryNameOf(other, elsewhere.nickname)}.`,
        );
      if (!(await isInvited(trx, entryId, userId)))
        throw new ProblemError(404, `You have no invitation to entry ${entryId}.`);
      const [person] = await findPeople(trx, tournament.lan_id, [userId]);
      if (!person?.subscriber_id)
        throw new ProblemError(409, `You hold no place at ${lan.name} (Accepted or Paid).`);
      if (entry.clan_id !== null && person.clan_id !== entry.clan_id)
        throw new ProblemError(409, `${entry.name} is a clan’s team: only its members join it.`);
      if (members.length >= tournament.team_size)
        throw new ProblemError(
          409,
          `${entry.name} has its ${tournament.team_size} players already.`,
        );
      await insertMember(trx, { entryId, tournamentId, userId });
      // In a team now: the other teams' invitations no longer stand.
      await dropInvitations(trx, tournamentId, [userId]);
      return tournament;
    },
    () => new ProblemError(409, 'You have just joined another entry of this tournament.'),
  );
  return readTournament(deps, deps.db, changed, lan.name);
}

/**
 * DELETE /api/tournaments/{id}/entries/{entryId}/members/{userId}, before the start: one
 * leaves (or declines an invitation), or its captain or a lan administrator takes them
 * out. A player alone's entry goes with them; a captain who leaves passes the captaincy to
 * the next member, and a team left with nobody goes (as for one who leaves the lan).
 */
export async function removeEntryMember(
  deps: TournamentsDeps,
  viewer: Viewer,
  tournamentId: number,
  entryId: number,
  userId: number,
): Promise<void> {
  const { tournament: found } = await findVisibleTournament(deps.db, viewer, tournamentId);
  // Who may is known before the tournament's row is held: a refusal changes nothing.
  const seen = await findEntry(deps.db, tournamentId, entryId);
  if (!seen) throw noEntry(found, entryId);
  authorize(viewer, 'tournamentEntry.removeMember', {
    userId,
    captainId: seen.captain_user_id,
  });
  await changeTournament(deps, tournamentId, async (trx, tournament) => {
    const entry = await findEntry(trx, tournamentId, entryId);
    if (!entry) throw noEntry(tournament, entryId);
    refuseUnlessOpen(tournament, 'leaving an entry');
    if (await deleteInvitation(trx, entryId, userId)) return;
    if (!(await findEntryMemberIds(trx, entryId)).includes(userId))
      throw new ProblemError(404, `Entry ${entryId} has no member or invitation ${userId}.`);
    await leaveOpenTournament(trx, tournamentId, userId);
  });
}
