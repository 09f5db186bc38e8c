import { type Compilable, CompiledQuery } from 'kysely';
import { dialectOf } from './columns.ts';
import type { Executor } from './executor.ts';

/** Stands for a value in a query built once; replaced by the value on every run. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

type Slots<Values> = { readonly [Name in keyof Values]: Values[Name] };

/**
 * A query whose shape never changes, built with Kysely's builder and compiled once per
 * engine; each run only binds its values. Building and compiling a query is about 7–10 µs
 * of Kysely's time, more than the SQL of a small read (a user by subject: 3–6 µs on
 * SQLite); the reads every request makes (who is asking, the own profile) go through here.
 *
 * `build` gets a stand-in for each value: use them where Kysely takes a single value
 * (a comparison's right-hand side), never as a list or in JavaScript logic (a stand-in is
 * always truthy), since the query must not depend on the values; nor with a Kysely
 * instance that has plugins or another schema, as the SQL is kept per engine only. A
 * stand-in left out of the SQL is an error, and so is a list, null or undefined given as
 * a value (`= null` is never true; an optional value would be bound as missing).
 */
export function queryOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Executor, values: Slots<Values>) => Compilable<Row>,
): (db: Executor, values: Values) => Promise<Row[]> {
  const compiled = new Map<string, { sql: string; parameters: readonly unknown[] }>();
  return async (db, values) => {
    const dialect = dialectOf(db as never);
    let template = compiled.get(dialect);
    if (!template) {
      const slots = Object.fromEntries(
        Object.keys(values).map((name) => [name, new Slot(name)]),
      ) as unknown as Slots<Values>;
      template = build(db, slots).compile();
      const used = new Set(
        template.parameters.flatMap((value) => (value instanceof Slot ? [value.name] : [])),
      );
      const unused = Object.keys(values).filter((name) => !used.has(name));
      if (unused.length > 0)
        throw new Error(`queryOnce: ${unused.join(', ')} not bound as single values`);
      compiled.set(dialect, template);
    }
    const parameters = template.parameters.map((value) => {
      if (!(value instanceof Slot)) return value;
      const bound = values[value.name];
      if (Array.isArray(bound)) throw new Error(`queryOnce: ${value.name} is a list`);
      // `= null` is never true: a query comparing with null must be built for it.
      if (bound === null || bound === undefined)
        throw new Error(`queryOnce: ${value.name} is ${bound}`);
      return bound;
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
}
