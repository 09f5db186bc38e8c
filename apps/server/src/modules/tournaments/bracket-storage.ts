import type { CrudInterface, DataTypes, OmitId, Table } from 'brackets-manager';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/**
 * The bracket library's storage (brackets-manager's CrudInterface) on our database, bound
 * to one tournament and one executor: the library keeps no transaction of its own, so a
 * change runs it inside ours, after the tournament's row is locked (tournaments.service.ts).
 * It sees only this tournament's rows: a select of a whole table is of this tournament.
 *
 * The library's participants are our entries (read only here: entries are made by our
 * sign-up); a match's two sides are JSON text, the same on both engines.
 */
type Id = DataTypes['match']['id'];
type Row = Record<string, unknown>;
type AnyFilter = Partial<Record<string, unknown>>;

const tableOf = {
  participant: 'tournament_entries',
  stage: 'tournament_stages',
  group: 'tournament_groups',
  round: 'tournament_rounds',
  match: 'tournament_matches',
  match_game: 'tournament_match_games',
} as const;

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

/** A field's value as stored: objects (a side, a stage's settings) as JSON text. */
function toColumn(field: string, value: unknown): unknown {
  if (!jsonFields.has(field)) return value;
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

function checkFilter(table: Table, filter: AnyFilter): void {
  for (const field of Object.keys(filter))
    if (!fieldsOf[table].includes(field) || jsonFields.has(field))
      throw new Error(`The bracket storage cannot filter ${table} by ${field}.`);
}

/** `field = value and …` of a filter; `true` without one. */
function conditionsOf(table: Table, filter: AnyFilter | undefined): RawBuilder<unknown> {
  if (!filter) return sql`true`;
  checkFilter(table, filter);
  const entries = Object.entries(filter).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return sql`true`;
  return sql.join(
    entries.map(([field, value]) => sql`${sql.ref(field)} = ${value}`),
    sql` and `,
  );
}

export class BracketStorage implements CrudInterface {
  readonly #db: Executor;
  readonly #tournamentId: number;

  constructor(db: Executor, tournamentId: number) {
    this.#db = db;
    this.#tournamentId = tournamentId;
  }

  /** This tournament's rows of a table: by its own column, or through its stage. */
  #scope(table: Table): RawBuilder<unknown> {
    if (table === 'participant' || table === 'stage' || table === 'match')
      return sql`tournament_id = ${this.#tournamentId}`;
    return sql`stage_id in (select id from tournament_stages where tournament_id = ${this.#tournamentId})`;
  }

  async #rows(query: RawBuilder<unknown>): Promise<Row[]> {
    return (await query.execute(this.#db)).rows as Row[];
  }

  insert<T extends Table>(table: T, value: OmitId<DataTypes[T]>): Promise<Id>;
  insert<T extends Table>(table: T, values: OmitId<DataTypes[T]>[]): Promise<boolean>;
  async insert<T extends Table>(
    table: T,
    values: OmitId<DataTypes[T]> | OmitId<DataTypes[T]>[],
  ): Promise<Id | boolean> {
    if (table === 'participant')
      throw new Error('Entries are made by signing up, not by the bracket library.');
    const rows = (Array.isArray(values) ? values : [values]).map(
      (value): Row => ({
        ...columnsOf(table, value as Row),
        ...(table === 'match' || table === 'stage' ? { tournament_id: this.#tournamentId } : {}),
      }),
    );
    const [first] = rows;
    if (!first) return true;
    const fields = Object.keys(first);
    const inserted = await this.#rows(sql`
      insert into ${sql.table(tableOf[table])} (${sql.join(fields.map((field) => sql.ref(field)))})
      values ${sql.join(rows.map((row) => sql`(${sql.join(fields.map((field) => row[field] ?? null))})`))}
      returning id`);
    return Array.isArray(values) ? true : (inserted[0]?.id as Id);
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
    const where = byId
      ? sql`id = ${Number(key)}`
      : conditionsOf(table, key as AnyFilter | undefined);
    const rows = await this.#rows(
      sql`select * from ${sql.table(tableOf[table])} where ${this.#scope(table)} and ${where} order by id`,
    );
    const values = rows.map((row) => fromRow(table, row) as unknown as DataTypes[T]);
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
    const columns = Object.entries(columnsOf(table, value as Row));
    if (columns.length === 0) return true;
    const where =
      typeof key !== 'object' ? sql`id = ${Number(key)}` : conditionsOf(table, key as AnyFilter);
    await sql`
      update ${sql.table(tableOf[table])}
      set ${sql.join(columns.map(([field, column]) => sql`${sql.ref(field)} = ${column ?? null}`))}
      where ${this.#scope(table)} and ${where}`.execute(this.#db);
    return true;
  }

  delete<T extends Table>(table: T): Promise<boolean>;
  delete<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<boolean>;
  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    if (table === 'participant')
      throw new Error('Entries are withdrawn by their own requests, not by the bracket library.');
    await sql`
      delete from ${sql.table(tableOf[table])}
      where ${this.#scope(table)} and ${conditionsOf(table, filter as AnyFilter | undefined)}`.execute(
      this.#db,
    );
    return true;
  }
}
