import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { type DialectName, dialectOf } from './columns.ts';
import type { AppDatabase, Executor } from './executor.ts';

/**
 * A query the hottest paths run, built with the query builder once per engine and then
 * run with new values: building and compiling a query was more of a seat pick's time in
 * the server than running it (a fifth of it, in the second picking opens). `build` writes
 * the query as anywhere else, with `value('name')` where a value of the run goes (its type
 * given as `value: ValueOf<{ name: type }>`); what it writes as a constant stays one. The SQL is the same text each time, so PostgreSQL's
 * named statements plan it once per connection (postgres-statements.ts).
 *
 * Only for a query whose shape is the same for every run: a value that changes the SQL
 * (a list's length, a clause added or not) must be built each time, as usual.
 */
export function preparedQuery<Values extends Record<string, unknown>, Row>(
  build: (db: AppDatabase, value: ValueOf<Values>) => Compilable<Row>,
): (db: Executor, values: Values) => Promise<QueryResult<Row>> {
  const compiled = new Map<DialectName, Prepared<Row>>();
  return async (db, values) => {
    const dialect = dialectOf(db as unknown as Kysely<unknown>);
    let prepared = compiled.get(dialect);
    if (!prepared) {
      prepared = prepare(db as AppDatabase, build);
      compiled.set(dialect, prepared);
    }
    const { query, slots } = prepared;
    return db.executeQuery({
      ...query,
      parameters: query.parameters.map((constant, index) => {
        const name = slots[index];
        return name === undefined ? constant : values[name];
      }),
    });
  };
}

/** `value('name')` in a prepared query: where the run's value of that name goes. */
export type ValueOf<Values> = <Name extends keyof Values & string>(name: Name) => Values[Name];

type Prepared<Row> = { query: CompiledQuery<Row>; slots: (string | undefined)[] };

/** Where a run's value goes: passed through the builder as a value, found again in the parameters. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

function prepare<Values, Row>(
  db: AppDatabase,
  build: (db: AppDatabase, value: ValueOf<Values>) => Compilable<Row>,
): Prepared<Row> {
  const named = new Set<string>();
  const query = build(db, (name) => {
    named.add(name);
    return new Slot(name) as never;
  }).compile();
  const slots = query.parameters.map((parameter) =>
    parameter instanceof Slot ? parameter.name : undefined,
  );
  // A value the builder did not pass through as a parameter (made into SQL, or dropped)
  // would be run with the first build's placeholder: refuse the query instead.
  for (const name of named)
    if (!slots.includes(name))
      throw new Error(`preparedQuery: the value "${name}" is not a parameter of the query`);
  return { query, slots };
}
