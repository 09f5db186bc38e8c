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

/** Whether a lan is active (anyone sees it) rather than a draft (lan administrators). */
export async function findLanActivity(db: Executor, lanId: number): Promise<boolean> {
  const row = await db
    .selectFrom('lans')
    .select('is_active')
    .where('id', '=', lanId)
    .executeTakeFirst();
  return row !== undefined && toBoolean(row.is_active);
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
