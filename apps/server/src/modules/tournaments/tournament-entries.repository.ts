import { placeTakingStatuses } from '@lanparty/contract/rules';
import type { Executor } from '../../db/executor.ts';
import { type EntryRow, lockTournament } from './tournaments.repository.ts';

/*
 * A tournament's entries and their members: signing up, leaving, the people who may, and
 * what lists show of them.
 */

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
