import type { Tournament } from '@lanparty/contract';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import {
  deleteInvitation,
  dropInvitations,
  insertMember,
  isInvited,
} from './entry-members.repository.ts';
import {
  changeTournamentChecked,
  findVisibleTournament,
  type TournamentsDeps,
} from './tournament-changes.ts';
import {
  findEntriesOf,
  findEntry,
  findEntryMemberIds,
  findPeople,
  leaveOpenTournament,
} from './tournament-entries.repository.ts';
import { refuseUnlessOpen } from './tournament-entries.ts';
import { entryNameOf } from './tournaments.presenter.ts';
import type { TournamentRow } from './tournaments.repository.ts';
import { readTournament } from './tournaments.service.ts';

/*
 * A team's members before the start (issue 50, decision 046). Those its captain names are
 * invited and join by accepting (a lan administrator's entry puts them in at once); anyone
 * leaves an entry, or declines an invitation, until the start; its captain and lan
 * administrators take anyone out. The tournament's row is held for each change, so one
 * person's two acceptances at once join one team: the second finds them in the first.
 * Refusals are found before the row is held, so they hold up and change nothing.
 */

const noEntry = (tournament: TournamentRow, entryId: number) =>
  new ProblemError(404, `${tournament.name} has no entry ${entryId}.`);

/**
 * Refuses the one invited joining (404, 409), asked before the tournament's row is held
 * (a refusal holds nothing) and again under it (it may have changed); answers whether they
 * are in the team already (a second click: the same answer).
 */
async function refuseJoining(
  db: Executor,
  tournament: TournamentRow,
  lanName: string,
  entryId: number,
  userId: number,
): Promise<{ isMember: boolean }> {
  const entry = await findEntry(db, tournament.id, entryId);
  if (!entry) throw noEntry(tournament, entryId);
  refuseUnlessOpen(tournament, 'joining a team');
  const members = await findEntryMemberIds(db, entryId);
  if (members.includes(userId)) return { isMember: true };
  // Entering elsewhere dropped the invitation: say where they are rather than 404. The
  // invitation is read first: a join committing between the two reads is then still seen.
  const invited = await isInvited(db, entryId, userId);
  const [elsewhere] = await findEntriesOf(db, tournament.id, [userId]);
  const other = elsewhere && (await findEntry(db, tournament.id, elsewhere.entry_id));
  if (other)
    throw new ProblemError(
      409,
      `You are in ${tournament.name} already, in ${entryNameOf(other, elsewhere.nickname)}.`,
    );
  if (!invited) throw new ProblemError(404, `You have no invitation to entry ${entryId}.`);
  const [person] = await findPeople(db, tournament.lan_id, [userId]);
  if (!person?.subscriber_id)
    throw new ProblemError(409, `You hold no place at ${lanName} (Accepted or Paid).`);
  if (entry.clan_id !== null && person.clan_id !== entry.clan_id)
    throw new ProblemError(409, `${entry.name} is a clan’s team: only its members join it.`);
  if (members.length >= tournament.team_size)
    throw new ProblemError(409, `${entry.name} has its ${tournament.team_size} players already.`);
  return { isMember: false };
}

/** PUT /api/tournaments/{id}/entries/{entryId}/members/{userId}: the one invited joins. */
export async function acceptInvitation(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
  entryId: number,
  userId: number,
): Promise<Tournament> {
  authorize(viewer, 'tournamentInvitation.accept', userId);
  const { tournament: seen, lan } = await findVisibleTournament(deps.db, viewer, tournamentId);
  const changed = await changeTournamentChecked(
    deps,
    seen,
    (db, tournament) => refuseJoining(db, tournament, lan.name, entryId, userId),
    async (trx, tournament, { isMember }) => {
      if (isMember) return tournament;
      await insertMember(trx, { entryId, tournamentId, userId });
      // In a team now: the other teams' invitations no longer stand.
      await dropInvitations(trx, tournamentId, [userId]);
      return tournament;
    },
    () => new ProblemError(409, 'You have just joined another entry of this tournament.'),
    // A second click: the same answer, the row not held.
    ({ isMember }) => (isMember ? seen : undefined),
  );
  return readTournament(deps, deps.db, changed, lan.name);
}

/**
 * Refuses taking someone out of an entry (404, 403, 409), before the row is held and
 * again under it; answers whether they are invited to it or a member.
 */
async function refuseRemoving(
  db: Executor,
  viewer: Viewer,
  tournament: TournamentRow,
  entryId: number,
  userId: number,
): Promise<'invited' | 'member'> {
  const entry = await findEntry(db, tournament.id, entryId);
  if (!entry) throw noEntry(tournament, entryId);
  authorize(viewer, 'tournamentEntry.removeMember', {
    userId,
    captainId: entry.captain_user_id,
  });
  refuseUnlessOpen(tournament, 'leaving an entry');
  if (await isInvited(db, entryId, userId)) return 'invited';
  if ((await findEntryMemberIds(db, entryId)).includes(userId)) return 'member';
  throw new ProblemError(404, `Entry ${entryId} has no member or invitation ${userId}.`);
}

/**
 * DELETE /api/tournaments/{id}/entries/{entryId}/members/{userId}, before the start: one
 * leaves (or declines an invitation), or its captain or a lan administrator takes them
 * out. A player alone's entry goes with them; a captain who leaves passes the captaincy to
 * the next member, and a team left with nobody goes (as for one who leaves the lan).
 */
export async function removeEntryMember(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
  entryId: number,
  userId: number,
): Promise<void> {
  authorize(viewer, 'tournaments.takePart');
  const { tournament: seen } = await findVisibleTournament(deps.db, viewer, tournamentId);
  await changeTournamentChecked(
    deps,
    seen,
    (db, tournament) => refuseRemoving(db, viewer, tournament, entryId, userId),
    async (trx, _tournament, whom) => {
      if (whom === 'invited') await deleteInvitation(trx, entryId, userId);
      else await leaveOpenTournament(trx, tournamentId, userId);
    },
  );
}
