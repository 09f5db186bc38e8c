import type { CrudInterface, DataTypes, OmitId, Table } from 'brackets-manager';
import type { Executor } from '../../db/executor.ts';
import {
  type BracketFilter,
  deleteBracketRows,
  insertBracketRows,
  readBracketShape,
  selectBracketRows,
  updateBracketRows,
  writeMatches,
} from './bracket-storage.repository.ts';

/**
 * The bracket library's storage (brackets-manager's CrudInterface) on our database, bound
 * to one tournament and one transaction, which holds the tournament's row (every change of
 * a bracket does): the library keeps no transaction of its own, so it runs inside ours. It
 * sees only this tournament's rows: a select of a whole table is of this tournament.
 *
 * The library reads a handful of rows many times over for each change; here a transaction
 * is one unit of work:
 * - the bracket's shape (stage, groups, rounds), which never changes once drawn, is read
 *   once, in one go, the first time the library asks for any of it;
 * - a match is read once (or all of them at once, `loadMatches`, for many changes in one
 *   transaction), and the library's later reads and changes of it stay here until `flush`
 *   writes each changed match once, before the transaction commits.
 * A match whose status changed loses its sides' reports (settled, or taken back).
 *
 * The library's participants are our entries (read only here: entries are made by our
 * sign-up); a match's two sides are JSON text, the same on both engines. The SQL is in
 * bracket-storage.repository.ts.
 */
type Id = DataTypes['match']['id'];
type Row = Record<string, unknown>;
type AnyFilter = Partial<Record<string, unknown>>;
type Shape = 'stage' | 'group' | 'round';

/** A match's sides' reports, our columns beside the library's. */
export type MatchReports = { report1: string | null; report2: string | null; isDisputed: boolean };

/** The library's fields of each table: what is read back, and all a filter may name. */
const fieldsOf: Record<Table, readonly string[]> = {
  participant: ['id', 'tournament_id', 'name'],
  stage: ['id', 'tournament_id', 'name', 'type', 'number', 'settings'],
  group: ['id', 'stage_id', 'number'],
  round: ['id', 'stage_id', 'group_id', 'number'],
  match: [
    'id',
    'stage_id',
    'group_id',
    'round_id',
    'number',
    'child_count',
    'status',
    'opponent1',
    'opponent2',
  ],
  match_game: ['id', 'stage_id', 'parent_id', 'number', 'status', 'opponent1', 'opponent2'],
};

const jsonFields = new Set(['settings', 'opponent1', 'opponent2']);

const isShape = (table: Table): table is Shape =>
  table === 'stage' || table === 'group' || table === 'round';

/** A field's value as stored: objects (a side, a stage's settings) as JSON text. */
function toColumn(field: string, value: unknown): unknown {
  if (!jsonFields.has(field)) return value ?? null;
  return value === null || value === undefined ? null : JSON.stringify(value);
}

function fromRow(table: Table, row: Row): Row {
  const value: Row = {};
  for (const field of fieldsOf[table]) {
    const stored = row[field];
    if (jsonFields.has(field)) value[field] = stored === null ? null : JSON.parse(String(stored));
    else value[field] = stored;
  }
  // An entry of a player alone has no name of its own; the library needs a string.
  if (table === 'participant') value.name = row.name ?? `Entry ${row.id}`;
  return value;
}

/** The stored columns of a value: only the library's fields, each converted. */
function columnsOf(table: Table, value: Row): Row {
  const columns: Row = {};
  for (const field of fieldsOf[table])
    if (field !== 'id' && Object.hasOwn(value, field))
      columns[field] = toColumn(field, value[field]);
  return columns;
}

function checkFilter(table: Table, filter: AnyFilter): [string, unknown][] {
  const entries = Object.entries(filter).filter(([, value]) => value !== undefined);
  for (const [field] of entries)
    if (!fieldsOf[table].includes(field) || jsonFields.has(field))
      throw new Error(`The bracket storage cannot filter ${table} by ${field}.`);
  return entries;
}

const matches = (row: Row, filter: BracketFilter) =>
  filter.every(([field, value]) => row[field] === value);

/**
 * A copy of a row the library may change before it writes it back: its fields, and a copy
 * of each object among them (a side, a stage's settings), which is as deep as it changes.
 */
function copy<T extends Row>(row: T): T {
  const copied: Row = { ...row };
  for (const field of jsonFields) {
    const value = copied[field];
    if (value !== null && typeof value === 'object') copied[field] = { ...(value as Row) };
  }
  return copied as T;
}

export class BracketStorage implements CrudInterface {
  readonly #db: Executor;
  readonly #tournamentId: number;
  /** Every match of the tournament is held (loadMatches): none is read again. */
  #hasAllMatches = false;
  /** Sides' reports changed here (set, or cleared by a status change), written by `flush`. */
  readonly #reports = new Map<number, MatchReports>();
  #shape: Record<Shape, Row[]> | undefined;
  /** The matches read in this unit of work, as they stand now (changes not yet written). */
  readonly #matches = new Map<number, Row>();
  /** The held matches of each round (a match never changes round). */
  readonly #byRound = new Map<unknown, Row[]>();
  /** Each match's status as read: one that changed loses its reports at `flush`. */
  readonly #readStatus = new Map<number, unknown>();
  readonly #readReports = new Map<number, MatchReports>();
  readonly #changed = new Set<number>();

  constructor(db: Executor, tournamentId: number) {
    this.#db = db;
    this.#tournamentId = tournamentId;
  }

  /** The bracket's shape, read once, in one go: its stages, groups and rounds. */
  async #shapeRows(table: Shape): Promise<Row[]> {
    if (!this.#shape) {
      const rows = await readBracketShape(this.#db, this.#tournamentId);
      const shape: Record<Shape, Row[]> = { stage: [], group: [], round: [] };
      for (const row of rows) {
        const kind = row.kind as Shape;
        shape[kind].push(fromRow(kind, row));
      }
      this.#shape = shape;
    }
    return this.#shape[table];
  }

  /** Matches from the database (locked on PostgreSQL), each as this unit of work holds it. */
  async #readMatches(filter: BracketFilter): Promise<Row[]> {
    const rows = await selectBracketRows(this.#db, this.#tournamentId, 'match', filter);
    return rows.map((row) => {
      const id = Number(row.id);
      const held = this.#matches.get(id);
      if (held) return held;
      const value = fromRow('match', row);
      this.#matches.set(id, value);
      const round = this.#byRound.get(value.round_id) ?? [];
      round.push(value);
      this.#byRound.set(value.round_id, round);
      this.#readStatus.set(id, value.status);
      this.#readReports.set(id, {
        report1: (row.report1 as string | null) ?? null,
        report2: (row.report2 as string | null) ?? null,
        isDisputed: row.is_disputed === true || row.is_disputed === 1,
      });
      return value;
    });
  }

  /** Holds every match of the tournament, read in one go: many changes in one transaction. */
  async loadMatches(): Promise<void> {
    if (this.#hasAllMatches) return;
    await this.#readMatches([]);
    this.#hasAllMatches = true;
  }

  /** A match's reports as they stand in this unit of work. */
  reportsOf(id: number): MatchReports {
    return (
      this.#reports.get(id) ??
      this.#readReports.get(id) ?? { report1: null, report2: null, isDisputed: false }
    );
  }

  /** Sets a match's reports, written by `flush`. */
  setReports(id: number, reports: MatchReports): void {
    this.#reports.set(id, reports);
    this.#changed.add(id);
  }

  insert<T extends Table>(table: T, value: OmitId<DataTypes[T]>): Promise<Id>;
  insert<T extends Table>(table: T, values: OmitId<DataTypes[T]>[]): Promise<boolean>;
  async insert<T extends Table>(
    table: T,
    values: OmitId<DataTypes[T]> | OmitId<DataTypes[T]>[],
  ): Promise<Id | boolean> {
    if (table === 'participant')
      throw new Error('Entries are made by signing up, not by the bracket library.');
    if (isShape(table)) this.#shape = undefined;
    const rows = (Array.isArray(values) ? values : [values]).map(
      (value): Row => ({
        ...columnsOf(table, value as Row),
        ...(table === 'match' || table === 'stage' ? { tournament_id: this.#tournamentId } : {}),
      }),
    );
    if (rows.length === 0) return true;
    const ids = await insertBracketRows(this.#db, table, rows);
    return Array.isArray(values) ? true : (Number(ids[0]) as Id);
  }

  select<T extends Table>(table: T): Promise<Array<DataTypes[T]> | null>;
  select<T extends Table>(table: T, id: Id): Promise<DataTypes[T] | null>;
  select<T extends Table>(
    table: T,
    filter: Partial<DataTypes[T]>,
  ): Promise<Array<DataTypes[T]> | null>;
  async select<T extends Table>(
    table: T,
    key?: Id | Partial<DataTypes[T]>,
  ): Promise<DataTypes[T] | Array<DataTypes[T]> | null> {
    const byId = key !== undefined && typeof key !== 'object';
    const filter: BracketFilter = byId
      ? [['id', Number(key)]]
      : checkFilter(table, (key as AnyFilter | undefined) ?? {});
    let rows: Row[];
    if (isShape(table)) rows = (await this.#shapeRows(table)).filter((row) => matches(row, filter));
    else if (table === 'match') {
      const held = this.#heldMatch(filter);
      rows = held
        ? [held]
        : this.#hasAllMatches
          ? this.#heldMatches(filter)
          : await this.#readMatches(filter);
      if (this.#hasAllMatches) rows.sort((a, b) => Number(a.id) - Number(b.id));
    } else
      rows = (await selectBracketRows(this.#db, this.#tournamentId, table, filter)).map((row) =>
        fromRow(table, row),
      );
    // The library changes what it is given before it writes it back: a copy each time.
    const values = rows.map((row) => copy(row) as unknown as DataTypes[T]);
    return byId ? (values[0] ?? null) : values;
  }

  update<T extends Table>(table: T, id: Id, value: DataTypes[T]): Promise<boolean>;
  update<T extends Table>(
    table: T,
    filter: Partial<DataTypes[T]>,
    value: Partial<DataTypes[T]>,
  ): Promise<boolean>;
  async update<T extends Table>(
    table: T,
    key: Id | Partial<DataTypes[T]>,
    value: DataTypes[T] | Partial<DataTypes[T]>,
  ): Promise<boolean> {
    if (table === 'participant')
      throw new Error('Entries are changed by their own requests, not by the bracket library.');
    if (table === 'match' && typeof key !== 'object') {
      const id = Number(key);
      const held = this.#matches.get(id) ?? (await this.#readMatches([['id', id]]))[0];
      if (!held) return false;
      this.#matches.set(id, { ...held, ...copy(value as Row), id });
      this.#changed.add(id);
      return true;
    }
    if (table === 'match') await this.flush();
    if (isShape(table)) this.#shape = undefined;
    const columns = Object.entries(columnsOf(table, value as Row));
    if (columns.length === 0) return true;
    const filter: BracketFilter =
      typeof key !== 'object' ? [['id', Number(key)]] : checkFilter(table, key as AnyFilter);
    await updateBracketRows(this.#db, this.#tournamentId, table, filter, columns);
    if (table === 'match') this.#forgetMatches();
    return true;
  }

  delete<T extends Table>(table: T): Promise<boolean>;
  delete<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<boolean>;
  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    if (table === 'participant')
      throw new Error('Entries are withdrawn by their own requests, not by the bracket library.');
    if (table === 'match') await this.flush();
    if (isShape(table)) this.#shape = undefined;
    await deleteBracketRows(
      this.#db,
      this.#tournamentId,
      table,
      checkFilter(table, (filter as AnyFilter | undefined) ?? {}),
    );
    if (table === 'match') this.#forgetMatches();
    return true;
  }

  /** A match this unit of work holds, asked for by its id or by its round and number. */
  #heldMatch(filter: BracketFilter): Row | undefined {
    const fields = filter
      .map(([field]) => field)
      .sort()
      .join(',');
    if (fields !== 'id' && fields !== 'number,round_id') return undefined;
    for (const match of this.#matches.values()) if (matches(match, filter)) return match;
    return undefined;
  }

  /** The held matches a filter asks for (every match is held): by round when it names one. */
  #heldMatches(filter: BracketFilter): Row[] {
    const round = filter.find(([field]) => field === 'round_id');
    const candidates = round ? (this.#byRound.get(round[1]) ?? []) : [...this.#matches.values()];
    return candidates.filter((row) => matches(row, filter));
  }

  /** A match as this unit of work holds it now, after `flush`: what a change answers. */
  heldMatch(id: number): Row | undefined {
    return this.#matches.get(id);
  }

  #forgetMatches(): void {
    this.#matches.clear();
    this.#byRound.clear();
    this.#readStatus.clear();
    this.#readReports.clear();
    this.#hasAllMatches = false;
  }

  /**
   * Writes each match changed here, once: the library's fields, and its reports (set here,
   * or cleared: a match whose status changed, settled or taken back, has none). On
   * PostgreSQL in one statement, however many changed.
   */
  async flush(): Promise<void> {
    for (const id of this.#changed)
      if (!this.#matches.has(id)) await this.#readMatches([['id', id]]);
    const rows = [...this.#changed].flatMap((id) => {
      const match = this.#matches.get(id);
      if (!match) return [];
      const statusChanged = this.#readStatus.get(id) !== match.status;
      const reports = statusChanged
        ? { report1: null, report2: null, isDisputed: false }
        : this.reportsOf(id);
      this.#readStatus.set(id, match.status);
      this.#readReports.set(id, reports);
      this.#reports.delete(id);
      return [
        {
          id,
          status: Number(match.status),
          opponent1: toColumn('opponent1', match.opponent1) as string | null,
          opponent2: toColumn('opponent2', match.opponent2) as string | null,
          ...reports,
        },
      ];
    });
    this.#changed.clear();
    await writeMatches(this.#db, this.#tournamentId, rows);
  }
}
