import { placeTakingStatuses } from '@lanparty/contract/rules';
import type { Selectable } from 'kysely';
import { dialectOf, toBoolean } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';
import type {
  TournamentEntriesTable,
  TournamentGroupsTable,
  TournamentMatchesTable,
  TournamentRoundsTable,
  TournamentStagesTable,
  TournamentsTable,
} from '../../db/schema.ts';

export type TournamentRow = Selectable<TournamentsTable>;
export type EntryRow = Selectable<TournamentEntriesTable>;
export type StageRow = Selectable<TournamentStagesTable>;
export type GroupRow = Selectable<TournamentGroupsTable>;
export type RoundRow = Selectable<TournamentRoundsTable>;
export type MatchRow = Selectable<TournamentMatchesTable>;

/** The fields of a tournament its administrators set. */
export type TournamentFields = {
  name: string;
  gameId: number | null;
  gameName: string;
  format: TournamentsTable['format'];
  teamSize: number;
  maxEntrants: number;
  bestOf: number;
  finalBestOf: number;
  signUpClosesAt: string | null;
  needsCheckIn: boolean;
};

const columnsOf = (fields: TournamentFields) => ({
  name: fields.name,
  game_id: fields.gameId,
  game_name: fields.gameName,
  format: fields.format,
  team_size: fields.teamSize,
  max_entrants: fields.maxEntrants,
  best_of: fields.bestOf,
  final_best_of: fields.finalBestOf,
  sign_up_closes_at: fields.signUpClosesAt,
  needs_check_in: fields.needsCheckIn,
});

export async function findTournament(
  db: Executor,
  tournamentId: number,
): Promise<TournamentRow | undefined> {
  return db.selectFrom('tournaments').selectAll().where('id', '=', tournamentId).executeTakeFirst();
}

/**
 * Raises the tournament's version and answers its row: the first step of every change.
 * On PostgreSQL the row stays locked until the transaction ends, so changes of one
 * tournament run one at a time on every server; on SQLite a transaction is alone anyway.
 * The raise is also what tells open pages (the `tournament` event of migration 0030).
 */
export async function lockTournament(
  db: Executor,
  tournamentId: number,
): Promise<TournamentRow | undefined> {
  return db
    .updateTable('tournaments')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', tournamentId)
    .returningAll()
    .executeTakeFirst();
}

export async function listTournaments(db: Executor, lanId: number): Promise<TournamentRow[]> {
  return db
    .selectFrom('tournaments')
    .selectAll()
    .where('lan_id', '=', lanId)
    .orderBy('creation_date')
    .orderBy('id')
    .execute();
}

export async function countTournaments(db: Executor, lanId: number): Promise<number> {
  const row = await db
    .selectFrom('tournaments')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('lan_id', '=', lanId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertTournament(
  db: Executor,
  lanId: number,
  fields: TournamentFields,
  now: Date,
): Promise<TournamentRow> {
  return db
    .insertInto('tournaments')
    .values({
      lan_id: lanId,
      ...columnsOf(fields),
      state: 'open',
      creation_date: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTournament(
  db: Executor,
  tournamentId: number,
  fields: TournamentFields,
): Promise<void> {
  await db
    .updateTable('tournaments')
    .set(columnsOf(fields))
    .where('id', '=', tournamentId)
    .execute();
}

export async function setTournamentState(
  db: Executor,
  tournamentId: number,
  state: TournamentRow['state'],
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('tournaments')
    .set({
      state,
      ...(state === 'running' ? { finished_at: null } : {}),
      ...(state === 'finished' ? { finished_at: stamp } : {}),
    })
    .where('id', '=', tournamentId)
    .execute();
}

export async function markStarted(db: Executor, tournamentId: number, now: Date): Promise<void> {
  await db
    .updateTable('tournaments')
    .set({ state: 'running', started_at: now.toISOString() })
    .where('id', '=', tournamentId)
    .execute();
}

export async function deleteTournament(db: Executor, tournamentId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('tournaments')
    .where('id', '=', tournamentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A lan's game names the site knows, by Steam app id. */
export async function findGame(db: Executor, gameId: number) {
  return db.selectFrom('games').select(['id', 'name']).where('id', '=', gameId).executeTakeFirst();
}

export async function listEntries(db: Executor, tournamentIds: readonly number[]) {
  if (tournamentIds.length === 0) return [];
  return db
    .selectFrom('tournament_entries')
    .leftJoin('clans', 'clans.id', 'tournament_entries.clan_id')
    .selectAll('tournament_entries')
    .select(['clans.tag as clan_tag', 'clans.colour as clan_colour'])
    .where('tournament_entries.tournament_id', 'in', tournamentIds)
    .orderBy('tournament_entries.id')
    .execute();
}

export type EntryWithClan = Awaited<ReturnType<typeof listEntries>>[number];

/** The members of a tournament's entries, captain first, with the seat each holds at the lan. */
export async function listEntryMembers(db: Executor, tournamentId: number, lanId: number) {
  return db
    .selectFrom('tournament_entry_members as members')
    .innerJoin('tournament_entries as entries', 'entries.id', 'members.entry_id')
    .innerJoin('users', 'users.id', 'members.user_id')
    .leftJoin('seats', (join) =>
      join.onRef('seats.occupant_user_id', '=', 'members.user_id').on('seats.lan_id', '=', lanId),
    )
    .select([
      'members.entry_id',
      'members.user_id',
      'users.nickname',
      'entries.captain_user_id',
      'seats.label as seat',
    ])
    .where('members.tournament_id', '=', tournamentId)
    .orderBy('members.entry_id')
    .orderBy('users.nickname')
    .orderBy('members.user_id')
    .execute();
}

export type MemberRow = Awaited<ReturnType<typeof listEntryMembers>>[number];

/** The first member's nickname of each solo entry: its name in lists. */
export async function listSoloNames(db: Executor, tournamentIds: readonly number[]) {
  if (tournamentIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('tournament_entry_members as members')
    .innerJoin('tournament_entries as entries', 'entries.id', 'members.entry_id')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.entry_id', 'users.nickname'])
    .where('members.tournament_id', 'in', tournamentIds)
    .where('entries.name', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.entry_id, row.nickname]));
}

export async function countEntries(db: Executor, tournamentId: number): Promise<number> {
  const row = await db
    .selectFrom('tournament_entries')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findEntry(db: Executor, tournamentId: number, entryId: number) {
  return db
    .selectFrom('tournament_entries')
    .selectAll()
    .where('id', '=', entryId)
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirst();
}

export async function findEntryMemberIds(db: Executor, entryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tournament_entry_members')
    .select('user_id')
    .where('entry_id', '=', entryId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Which of these people are in an entry of the tournament already, with its id. */
export async function findEntriesOf(
  db: Executor,
  tournamentId: number,
  userIds: readonly number[],
) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('tournament_entry_members')
    .innerJoin('users', 'users.id', 'tournament_entry_members.user_id')
    .select([
      'tournament_entry_members.user_id',
      'tournament_entry_members.entry_id',
      'users.nickname',
    ])
    .where('tournament_entry_members.tournament_id', '=', tournamentId)
    .where('tournament_entry_members.user_id', 'in', userIds)
    .execute();
}

/** Whether a team of the tournament bears this name already (without case). */
export async function isTeamNameTaken(db: Executor, tournamentId: number, name: string) {
  const row = await db
    .selectFrom('tournament_entries')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** These people with their nickname, whether they hold a place at the lan, and their clan. */
export async function findPeople(db: Executor, lanId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .leftJoin('subscribers', (join) =>
      join
        .onRef('subscribers.user_id', '=', 'users.id')
        .on('subscribers.lan_id', '=', lanId)
        .on('subscribers.status', 'in', [...placeTakingStatuses]),
    )
    .leftJoin('clan_members', 'clan_members.user_id', 'users.id')
    .select([
      'users.id',
      'users.nickname',
      'subscribers.id as subscriber_id',
      'clan_members.clan_id',
    ])
    .where('users.id', 'in', userIds)
    .where('users.erased_at', 'is', null)
    .execute();
}

export async function findClanForEntry(db: Executor, clanId: number) {
  return db
    .selectFrom('clans')
    .select(['id', 'name', 'tag'])
    .where('id', '=', clanId)
    .executeTakeFirst();
}

export async function insertEntry(
  db: Executor,
  fields: {
    tournamentId: number;
    name: string | null;
    clanId: number | null;
    captainUserId: number;
    memberIds: readonly number[];
  },
  now: Date,
): Promise<EntryRow> {
  const entry = await db
    .insertInto('tournament_entries')
    .values({
      tournament_id: fields.tournamentId,
      name: fields.name,
      clan_id: fields.clanId,
      captain_user_id: fields.captainUserId,
      is_checked_in: false,
      has_forfeited: false,
      creation_date: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tournament_entry_members')
    .values(
      fields.memberIds.map((userId) => ({
        entry_id: entry.id,
        tournament_id: fields.tournamentId,
        user_id: userId,
      })),
    )
    .execute();
  return entry;
}

export async function deleteEntry(db: Executor, entryId: number): Promise<void> {
  await db.deleteFrom('tournament_entries').where('id', '=', entryId).execute();
}

export async function setEntryFlags(
  db: Executor,
  entryIds: readonly number[],
  flags: { is_checked_in?: boolean; has_forfeited?: boolean },
): Promise<void> {
  if (entryIds.length === 0) return;
  await db.updateTable('tournament_entries').set(flags).where('id', 'in', entryIds).execute();
}

/** A match of any tournament. */
export async function findMatch(db: Executor, matchId: number): Promise<MatchRow | undefined> {
  return db
    .selectFrom('tournament_matches')
    .selectAll()
    .where('id', '=', matchId)
    .executeTakeFirst();
}

/** The tournament of each of these matches, by match id (a match of none: left out). */
export async function findTournamentsOfMatches(
  db: Executor,
  matchIds: readonly number[],
): Promise<Map<number, number>> {
  if (matchIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tournament_matches')
    .select(['id', 'tournament_id'])
    .where('id', 'in', [...new Set(matchIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.tournament_id]));
}

/** Whether a lan is active (anyone sees it) rather than a draft (lan administrators). */
export async function findLanActivity(db: Executor, lanId: number): Promise<boolean> {
  const row = await db
    .selectFrom('lans')
    .select('is_active')
    .where('id', '=', lanId)
    .executeTakeFirst();
  return row !== undefined && toBoolean(row.is_active);
}

/** The captain of every entry of a tournament (a player alone captains theirs), by entry. */
export async function findCaptainsOf(db: Executor, tournamentId: number) {
  const rows = await db
    .selectFrom('tournament_entries')
    .select(['id', 'captain_user_id'])
    .where('tournament_id', '=', tournamentId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.captain_user_id]));
}

/**
 * What is due after a result: whether an entry gave up (its matches are walkovers), whether
 * no match waits, is ready or running any more, and the tournament's state.
 */
export async function findPlayOnState(db: Executor, tournamentId: number) {
  const row = await db
    .selectFrom('tournaments')
    .select((eb) => [
      'tournaments.state',
      eb
        .exists(
          eb
            .selectFrom('tournament_entries')
            .select('id')
            .where('tournament_id', '=', tournamentId)
            .where('has_forfeited', '=', true),
        )
        .as('has_quitters'),
      eb
        .exists(
          eb
            .selectFrom('tournament_matches')
            .select('id')
            .where('tournament_id', '=', tournamentId)
            .where('status', 'in', [1, 2, 3]),
        )
        .as('has_open'),
    ])
    .where('tournaments.id', '=', tournamentId)
    .executeTakeFirstOrThrow();
  return {
    state: row.state,
    hasQuitters: Boolean(row.has_quitters),
    isOver: !row.has_open,
  };
}

/** Where a round stands in its bracket: its group's number, its number, its group's rounds. */
export async function findRoundPlace(db: Executor, roundId: number) {
  return db
    .selectFrom('tournament_rounds as rounds')
    .innerJoin('tournament_groups as groups', 'groups.id', 'rounds.group_id')
    .select((eb) => [
      'groups.number as groupNumber',
      'rounds.number as roundNumber',
      eb
        .selectFrom('tournament_rounds as others')
        .select((inner) => inner.fn.countAll().as('count'))
        .whereRef('others.group_id', '=', 'rounds.group_id')
        .as('roundCount'),
    ])
    .where('rounds.id', '=', roundId)
    .executeTakeFirst()
    .then((row) => row && { ...row, roundCount: Number(row.roundCount) });
}

/** The bracket of tournaments: stages, groups, rounds, matches, in the library's order. */
export async function findBracket(db: Executor, tournamentId: number) {
  const stages = await db
    .selectFrom('tournament_stages')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('number')
    .execute();
  const stageIds = stages.map((stage) => stage.id);
  if (stageIds.length === 0) return { stages, groups: [], rounds: [], matches: [] };
  const [groups, rounds, matches] = await Promise.all([
    db
      .selectFrom('tournament_groups')
      .selectAll()
      .where('stage_id', 'in', stageIds)
      .orderBy('number')
      .execute(),
    db
      .selectFrom('tournament_rounds')
      .selectAll()
      .where('stage_id', 'in', stageIds)
      .orderBy('group_id')
      .orderBy('number')
      .execute(),
    db
      .selectFrom('tournament_matches')
      .selectAll()
      .where('tournament_id', '=', tournamentId)
      .orderBy('round_id')
      .orderBy('number')
      .execute(),
  ]);
  return { stages, groups, rounds, matches };
}

export type BracketRows = Awaited<ReturnType<typeof findBracket>>;

export async function setReports(
  db: Executor,
  matchId: number,
  reports: { report1: string | null; report2: string | null; is_disputed: boolean },
): Promise<void> {
  await db.updateTable('tournament_matches').set(reports).where('id', '=', matchId).execute();
}

/** Clears the reports of matches whose result is set or reset. */
export async function clearReports(db: Executor, matchIds: readonly number[]): Promise<void> {
  if (matchIds.length === 0) return;
  await db
    .updateTable('tournament_matches')
    .set({ report1: null, report2: null, is_disputed: false })
    .where('id', 'in', matchIds)
    .execute();
}

/**
 * Holds a tournament's row for the rest of the transaction without changing it (no event):
 * on PostgreSQL `FOR UPDATE`, on SQLite the transaction is the only writer anyway.
 */
export async function holdTournament(
  db: Executor,
  tournamentId: number,
): Promise<TournamentRow | undefined> {
  const query = db.selectFrom('tournaments').selectAll().where('id', '=', tournamentId);
  return (dialectOf(db as never) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Takes one out of a tournament not started, its row held by the caller: a player alone's
 * entry goes, a team loses them (their captaincy passes to the first other member; a team
 * left with nobody goes). Raises the tournament's version when anything changed, and
 * answers whether it did.
 */
export async function leaveOpenTournament(
  db: Executor,
  tournamentId: number,
  userId: number,
): Promise<boolean> {
  const entries = await db
    .selectFrom('tournament_entry_members as members')
    .innerJoin('tournament_entries as entries', 'entries.id', 'members.entry_id')
    .select(['members.entry_id', 'entries.name', 'entries.captain_user_id'])
    .where('members.tournament_id', '=', tournamentId)
    .where('members.user_id', '=', userId)
    .execute();
  if (entries.length === 0) return false;
  await lockTournament(db, tournamentId);
  for (const entry of entries) {
    if (entry.name === null) {
      await deleteEntry(db, entry.entry_id);
      continue;
    }
    await db
      .deleteFrom('tournament_entry_members')
      .where('entry_id', '=', entry.entry_id)
      .where('user_id', '=', userId)
      .execute();
    if (entry.captain_user_id !== userId) continue;
    const next = await db
      .selectFrom('tournament_entry_members')
      .select('user_id')
      .where('entry_id', '=', entry.entry_id)
      .orderBy('user_id')
      .executeTakeFirst();
    if (next)
      await db
        .updateTable('tournament_entries')
        .set({ captain_user_id: next.user_id })
        .where('id', '=', entry.entry_id)
        .execute();
    else await deleteEntry(db, entry.entry_id);
  }
  return true;
}

/** The ids of the entries one captains in a tournament that have not given up. */
export async function findEntriesCaptainedBy(
  db: Executor,
  tournamentId: number,
  userId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('tournament_entries')
    .select('id')
    .where('tournament_id', '=', tournamentId)
    .where('captain_user_id', '=', userId)
    .where('has_forfeited', '=', false)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A lan's tournaments not finished, in id order (the order their rows are held in). */
export async function findUnfinishedTournamentIds(db: Executor, lanId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tournaments')
    .select('id')
    .where('lan_id', '=', lanId)
    .where('state', 'in', ['open', 'running'])
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
