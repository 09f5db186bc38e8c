import type { Table } from 'brackets-manager';
import { type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../db/columns.ts';
import type { Executor } from '../../db/executor.ts';

/*
 * The SQL of the bracket library's storage (bracket-storage.ts): its tables, each scoped to
 * one tournament (a select of a whole table is of this tournament), filtered by the
 * library's fields (`field = value and …`; checked against its list by the storage).
 */

export type BracketRow = Record<string, unknown>;
/** The library's filter: each field with the value it must have (none: every row). */
export type BracketFilter = readonly (readonly [string, unknown])[];

const tableOf = {
  participant: 'tournament_entries',
  stage: 'tournament_stages',
  group: 'tournament_groups',
  round: 'tournament_rounds',
  match: 'tournament_matches',
  match_game: 'tournament_match_games',
} as const;

/** This tournament's rows of a table: by its own column, or through its stage. */
function scopeOf(table: Table, tournamentId: number): RawBuilder<unknown> {
  if (table === 'participant' || table === 'stage' || table === 'match')
    return sql`tournament_id = ${tournamentId}`;
  return sql`stage_id in (select id from tournament_stages where tournament_id = ${tournamentId})`;
}

/** `field = value and …` of a filter; `true` without one. */
function conditionsOf(filter: BracketFilter): RawBuilder<unknown> {
  if (filter.length === 0) return sql`true`;
  return sql.join(
    filter.map(([field, value]) => sql`${sql.ref(field)} = ${value}`),
    sql` and `,
  );
}

async function rowsOf(db: Executor, query: RawBuilder<unknown>): Promise<BracketRow[]> {
  return (await query.execute(db)).rows as BracketRow[];
}

/**
 * The bracket's shape in one go: its stages, groups and rounds, each row with its `kind`
 * ('stage', 'group', 'round') and the columns of all three.
 */
export async function readBracketShape(db: Executor, tournamentId: number) {
  const stages = sql`select id from tournament_stages where tournament_id = ${tournamentId}`;
  return rowsOf(
    db,
    sql`
      select 'stage' as kind, id, tournament_id, cast(null as integer) as stage_id,
        cast(null as integer) as group_id, number, name, type, settings
      from tournament_stages where tournament_id = ${tournamentId}
      union all
      select 'group', id, cast(null as integer), stage_id, cast(null as integer), number,
        cast(null as text), cast(null as text), cast(null as text)
      from tournament_groups where stage_id in (${stages})
      union all
      select 'round', id, cast(null as integer), stage_id, group_id, number,
        cast(null as text), cast(null as text), cast(null as text)
      from tournament_rounds where stage_id in (${stages})
      order by kind, id`,
  );
}

/** The rows of one of the library's tables of this tournament a filter asks for, by id. */
export async function selectBracketRows(
  db: Executor,
  tournamentId: number,
  table: Table,
  filter: BracketFilter,
): Promise<BracketRow[]> {
  return rowsOf(
    db,
    sql`select * from ${sql.table(tableOf[table])} where ${scopeOf(table, tournamentId)} and ${conditionsOf(filter)} order by id`,
  );
}

/** Inserts rows (all with the same columns) into one of the library's tables; their ids. */
export async function insertBracketRows(
  db: Executor,
  table: Table,
  rows: readonly BracketRow[],
): Promise<number[]> {
  const [first] = rows;
  if (!first) return [];
  const fields = Object.keys(first);
  const inserted = await rowsOf(
    db,
    sql`
      insert into ${sql.table(tableOf[table])} (${sql.join(fields.map((field) => sql.ref(field)))})
      values ${sql.join(rows.map((row) => sql`(${sql.join(fields.map((field) => row[field] ?? null))})`))}
      returning id`,
  );
  return inserted.map((row) => Number(row.id));
}

/** Sets these columns of the rows of this tournament a filter asks for. */
export async function updateBracketRows(
  db: Executor,
  tournamentId: number,
  table: Table,
  filter: BracketFilter,
  columns: readonly (readonly [string, unknown])[],
): Promise<void> {
  await sql`
    update ${sql.table(tableOf[table])}
    set ${sql.join(columns.map(([field, column]) => sql`${sql.ref(field)} = ${column}`))}
    where ${scopeOf(table, tournamentId)} and ${conditionsOf(filter)}`.execute(db);
}

/** Deletes the rows of this tournament a filter asks for. */
export async function deleteBracketRows(
  db: Executor,
  tournamentId: number,
  table: Table,
  filter: BracketFilter,
): Promise<void> {
  await sql`
    delete from ${sql.table(tableOf[table])}
    where ${scopeOf(table, tournamentId)} and ${conditionsOf(filter)}`.execute(db);
}

/** A match as the storage writes it back: the library's changing fields and our reports. */
export type MatchWrite = {
  id: number;
  status: number;
  opponent1: string | null;
  opponent2: string | null;
  report1: string | null;
  report2: string | null;
  isDisputed: boolean;
};

/** Writes matches of this tournament: on PostgreSQL in one statement, however many. */
export async function writeMatches(
  db: Executor,
  tournamentId: number,
  rows: readonly MatchWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  if (dialectOf(db as never) === 'postgres') {
    await sql`
      update tournament_matches as m
      set status = v.status, opponent1 = v.opponent1, opponent2 = v.opponent2,
        report1 = v.report1, report2 = v.report2, is_disputed = v.is_disputed
      from (values ${sql.join(
        rows.map(
          (row) =>
            sql`(${row.id}::int, ${row.status}::int, ${row.opponent1}::text, ${row.opponent2}::text, ${row.report1}::text, ${row.report2}::text, ${row.isDisputed}::boolean)`,
        ),
      )}) as v(id, status, opponent1, opponent2, report1, report2, is_disputed)
      where m.id = v.id and m.tournament_id = ${tournamentId}`.execute(db);
    return;
  }
  for (const row of rows)
    await sql`
      update tournament_matches
      set status = ${row.status}, opponent1 = ${row.opponent1}, opponent2 = ${row.opponent2},
        report1 = ${row.report1}, report2 = ${row.report2}, is_disputed = ${row.isDisputed ? 1 : 0}
      where id = ${row.id} and tournament_id = ${tournamentId}`.execute(db);
}
