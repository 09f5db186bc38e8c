import type { Tournament, TournamentEntryInput } from '@lanparty/contract';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import { ProblemError } from '../../http/problems.ts';
import { authorize, isAllowed } from '../auth/authorize.ts';
import type { Viewer } from '../auth/viewer.ts';
import { findClan, findMembership } from '../clans/clans.repository.ts';
import { nowOf, settleWalkovers } from './bracket-play.ts';
import { dropInvitations, insertInvitations } from './entry-members.repository.ts';
import {
  changeTournamentChecked,
  findVisibleTournament,
  type TournamentsDeps,
} from './tournament-changes.ts';
import {
  countEntries,
  deleteEntry,
  findEntriesOf,
  findEntry,
  findEntryMemberIds,
  findPeople,
  insertEntry,
  isTeamNameTaken,
  setEntryFlags,
} from './tournament-entries.repository.ts';
import type { EntryRow, TournamentRow } from './tournaments.repository.ts';
import { readTournament } from './tournaments.service.ts';

/*
 * Entries of a tournament (issue 37): signing up, withdrawing, checking in; a team's
 * members are in entry-members.ts. Each is refused before the tournament's row is held and
 * again under it (changeTournamentChecked): a stranger's refusal holds up nobody's sign-up
 * and raises no version nor `tournament` event (issue 50).
 */

export function refuseUnlessOpen(tournament: TournamentRow, doing: string): void {
  if (tournament.state !== 'open')
    throw new ProblemError(
      409,
      `${tournament.name} has started: ${doing} is for before the start; entries are fixed now.`,
    );
}

/**
 * POST /api/tournaments/{id}/entries. A participant of the lan enters alone, or captains a
 * team of the tournament's size picked among the lan's participants (a clan: its members,
 * named by its tag and name, entered by its leader). Those a captain names are invited and
 * join by accepting (entry-members.ts); lan administrators enter others, in at once (the
 * first member then captains). A person is in at most one entry; a full tournament says so.
 */
export async function enterTournament(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
  input: TournamentEntryInput,
): Promise<Tournament> {
  // Signed in (401) before anything is read; whether they hold a place: refuseEntry.
  authorize(viewer, 'tournaments.takePart');
  const { tournament: seen, lan } = await findVisibleTournament(deps.db, viewer, tournamentId);
  const isAdministrator = isAllowed(viewer, 'tournaments.manage');
  const named = [...new Set(input.memberIds ?? [])];
  const captainId =
    isAdministrator && named.length > 0 && !named.includes(viewer.user.id)
      ? (named[0] as number)
      : viewer.user.id;
  const memberIds = [captainId, ...named.filter((id) => id !== captainId)];
  const signUp = { input, memberIds, isAdministrator, now: nowOf(deps), lanName: lan.name };

  const changed = await changeTournamentChecked(
    deps,
    seen,
    (db, tournament) => refuseEntry(db, viewer, tournament, signUp),
    async (trx, tournament, { name, clanId }) => {
      // A lan administrator puts the team in; a captain asks the others (decision 046).
      const joined = isAdministrator ? memberIds : [captainId];
      const entry = await insertEntry(
        trx,
        { tournamentId, name, clanId, captainUserId: captainId, memberIds: joined },
        signUp.now,
      );
      await dropInvitations(trx, tournamentId, joined);
      const invited = memberIds.filter((id) => !joined.includes(id));
      await insertInvitations(
        trx,
        { entryId: entry.id, tournamentId, userIds: invited },
        signUp.now,
      );
      return tournament;
    },
    () =>
      new ProblemError(
        409,
        'Someone of this entry has just entered the tournament in another entry.',
      ),
  );
  return readTournament(deps, deps.db, changed, lan.name);
}

/**
 * Why `viewer` may not sign up as asked for the tournament as it stands, if they may not;
 * else the entry's name and clan (a team's).
 */
async function refuseEntry(
  db: Executor,
  viewer: Viewer,
  tournament: TournamentRow,
  signUp: {
    input: TournamentEntryInput;
    /** The captain first. */
    memberIds: number[];
    isAdministrator: boolean;
    now: Date;
    lanName: string;
  },
): Promise<{ name: string | null; clanId: number | null }> {
  const { input, memberIds, isAdministrator, now, lanName } = signUp;
  const [self] = await findPeople(db, tournament.lan_id, [viewer.user.id]);
  authorize(viewer, 'tournament.enter', self?.subscriber_id != null);
  refuseUnlessOpen(tournament, 'signing up');
  const closesAt = tournament.sign_up_closes_at;
  if (closesAt && now >= new Date(toIsoTimestamp(closesAt)) && !isAdministrator)
    throw new ProblemError(409, `Sign-up for ${tournament.name} has closed.`);
  const entries = await countEntries(db, tournament.id);
  if (entries >= tournament.max_entrants)
    throw new ProblemError(
      409,
      `${tournament.name} is full: ${tournament.max_entrants} entries have signed up.`,
    );
  const teamSize = tournament.team_size;
  if (teamSize === 1 && (memberIds.length > 1 || input.name || input.clanId))
    throw new ProblemError(
      400,
      `${tournament.name} is for players alone: sign up without a team name or members.`,
    );
  if (teamSize > 1 && memberIds.length !== teamSize)
    throw new ProblemError(400, teamOfWrongSize(tournament.name, teamSize, memberIds.length - 1), {
      errors: { memberIds: [`Name ${teammates(teamSize - 1)}`] },
    });

  const people = await findPeople(db, tournament.lan_id, memberIds);
  const byId = new Map(people.map((person) => [person.id, person]));
  const unknown = memberIds.filter((id) => !byId.has(id));
  if (unknown.length > 0)
    throw new ProblemError(400, `There is no lanner ${unknown.join(', ')}.`, {
      errors: { memberIds: [`There is no lanner ${unknown.join(', ')}`] },
    });
  const withoutPlace = people.filter((person) => person.subscriber_id === null);
  if (withoutPlace.length > 0)
    throw new ProblemError(
      409,
      `${withoutPlace.map((person) => person.nickname).join(', ')} ${withoutPlace.length === 1 ? 'holds' : 'hold'} no place at ${lanName} (Accepted or Paid).`,
    );
  const already = await findEntriesOf(db, tournament.id, memberIds);
  if (already.length > 0)
    throw new ProblemError(
      409,
      `${already.map((row) => row.nickname).join(', ')} ${already.length === 1 ? 'is' : 'are'} in ${tournament.name} already.`,
    );

  let name: string | null = null;
  let clanId: number | null = null;
  if (teamSize > 1) {
    if (input.clanId !== undefined) {
      const clan = await findClan(db, input.clanId);
      if (!clan) throw new ProblemError(404, `There is no clan ${input.clanId}.`);
      if (!isAdministrator) {
        const membership = await findMembership(db, viewer.user.id);
        const role = membership?.clan_id === clan.id ? membership.role : null;
        authorize(viewer, 'clan.enterTournament', role);
      }
      const outside = people.filter((person) => person.clan_id !== clan.id);
      if (outside.length > 0)
        throw new ProblemError(
          409,
          `${outside.map((person) => person.nickname).join(', ')} ${outside.length === 1 ? 'is' : 'are'} not in ${clan.name}: a clan enters with its own members.`,
        );
      name = input.name ?? `[${clan.tag}] ${clan.name}`;
      clanId = clan.id;
    } else if (input.name) name = input.name;
    else
      throw new ProblemError(400, 'A team needs a name (or enter as your clan).', {
        errors: { name: ['Name is required'] },
      });
    if (await isTeamNameTaken(db, tournament.id, name))
      throw new ProblemError(409, `A team named ${name} has entered ${tournament.name} already.`);
  }
  return { name, clanId };
}

const teammates = (count: number) =>
  count === 0 ? 'no teammate' : count === 1 ? '1 teammate' : `${count} teammates`;

/** "A team of Duos has 2 players: its captain and 1 teammate; no teammate was named." */
function teamOfWrongSize(tournamentName: string, teamSize: number, named: number): string {
  return (
    `A team of ${tournamentName} has ${teamSize} players: its captain and ` +
    `${teammates(teamSize - 1)}; ${named > 1 ? `${named} teammates were` : `${teammates(named)} was`} named.`
  );
}

/** Whether the asker captains this entry (or plays it alone), or may run the tournament. */
function captains(viewer: Viewer | null, entry: EntryRow): boolean {
  return viewer !== null && entry.captain_user_id === viewer.user.id;
}

/**
 * DELETE /api/tournaments/{id}/entries/{entryId}: its captain or a lan administrator.
 * Before the start the entry goes and frees its place; after it, the entry gives up: its
 * matches to come are walkovers (as for one who leaves the lan).
 */
export async function withdrawEntry(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
  entryId: number,
): Promise<void> {
  const { tournament: seen } = await findVisibleTournament(deps.db, viewer, tournamentId);
  await changeTournamentChecked(
    deps,
    seen,
    (db, tournament) => refuseWithdrawal(db, viewer, tournament, entryId),
    async (trx, tournament) => {
      if (tournament.state === 'open') {
        await deleteEntry(trx, entryId);
        return;
      }
      await setEntryFlags(trx, [entryId], { has_forfeited: true });
      await settleWalkovers(deps, trx, tournament);
    },
  );
}

/** Why `viewer` may not withdraw the entry from the tournament as it stands, if they may not. */
async function refuseWithdrawal(
  db: Executor,
  viewer: Viewer | null,
  tournament: TournamentRow,
  entryId: number,
): Promise<void> {
  const entry = await findEntry(db, tournament.id, entryId);
  if (!entry) throw new ProblemError(404, `${tournament.name} has no entry ${entryId}.`);
  authorize(viewer, 'tournamentEntry.act', captains(viewer, entry));
  if (tournament.state === 'finished')
    throw new ProblemError(409, `${tournament.name} is over: its entries stay as they played.`);
}

/** POST /api/tournaments/{id}/entries/{entryId}/check-in: a member of it, or a lan administrator. */
export async function checkInEntry(
  deps: TournamentsDeps,
  viewer: Viewer | null,
  tournamentId: number,
  entryId: number,
): Promise<Tournament> {
  const { tournament: seen, lan } = await findVisibleTournament(deps.db, viewer, tournamentId);
  const changed = await changeTournamentChecked(
    deps,
    seen,
    (db, tournament) => refuseCheckIn(db, viewer, tournament, entryId),
    async (trx, tournament) => {
      await setEntryFlags(trx, [entryId], { is_checked_in: true });
      return tournament;
    },
  );
  return readTournament(deps, deps.db, changed, lan.name);
}

/** Why `viewer` may not check the entry in to the tournament as it stands, if they may not. */
async function refuseCheckIn(
  db: Executor,
  viewer: Viewer | null,
  tournament: TournamentRow,
  entryId: number,
): Promise<void> {
  const entry = await findEntry(db, tournament.id, entryId);
  if (!entry) throw new ProblemError(404, `${tournament.name} has no entry ${entryId}.`);
  const members = await findEntryMemberIds(db, entryId);
  authorize(viewer, 'tournamentEntry.act', viewer !== null && members.includes(viewer.user.id));
  refuseUnlessOpen(tournament, 'checking in');
  if (!toBoolean(tournament.needs_check_in))
    throw new ProblemError(409, `${tournament.name} needs no check-in.`);
}
