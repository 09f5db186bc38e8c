import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL plans a statement sent without a name on every run; a named one is parsed
 * and planned once per connection and then only bound and executed (with the pool's
 * `plan_cache_mode=force_generic_plan`: by default its first five runs are planned each). For the small
 * queries the reads make, planning is a good part of their cost (a user and their lan
 * count by id, from a bare `node:http` server under 32 connections: 13.9k → 19.5k req/s).
 * So every statement Kysely runs outside a transaction goes under a name, one per SQL
 * text for the pool.
 *
 * - **Bounded**: at most `maxNames` texts get a name (queries with an `in` list are a new
 *   text per list length); after that, new texts go unnamed. A connection's statements
 *   go with it when the pool closes it (10 s idle).
 * - **Not in a transaction**: a named statement whose tables changed shape under it
 *   (another server's migration, a restore) fails once with "cached plan must not change
 *   result type"; outside a transaction it is dropped and run again (the error comes
 *   before anything is done, so also a write can be), which inside one cannot be (the
 *   transaction is aborted by then). The hot path is reads outside transactions.
 * - **A name the server forgot** (`DISCARD ALL` on the connection) is parsed again.
 *   pg parses a name once per connection and keeps no public way to forget it (its
 *   documented behaviour), so after either failure the connection's statements are
 *   deallocated and it moves on to fresh names (`lanparty_7_1`) that pg parses anew.
 * - Not for a pooler in transaction mode before PgBouncer 1.21, which cannot keep a
 *   connection's named statements; connect to PostgreSQL itself.
 */
export function withNamedStatements(pool: pg.Pool, maxNames = 250): PostgresPool {
  const names = new Map<string, string>();
  // How often each connection has dropped its statements: a pool hands out the same
  // client again, so this outlives one checkout.
  const generations = new WeakMap<pg.PoolClient, number>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= maxNames || !isPlannable(text)) return known;
    const name = `lanparty_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return {
    connect: async () => namedClient(await pool.connect(), nameOf, generations),
    end: () => pool.end(),
  };
}

const plannable = /^\s*(select|insert|update|delete|with)\b/i;
const transactionStart = /^\s*(begin|start transaction)\b/i;
const transactionEnd = /^\s*(commit|rollback)\s*$/i;

function isPlannable(text: string): boolean {
  return plannable.test(text);
}

/**
 * PostgreSQL's answer to a named statement whose tables changed under it: 0A000 raised by
 * the plan cache's revalidation (the `routine` field, which a translated `lc_messages`
 * leaves as it is; the English message as well, for a server that does not send it).
 */
function isStalePlan(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, routine } = error as { code?: string; routine?: string };
  return (
    code === '0A000' &&
    (routine === 'RevalidateCachedQuery' ||
      /cached plan must not change result type/.test(error.message))
  );
}

/**
 * PostgreSQL's answer to a name it no longer knows though pg thinks it parsed it (a
 * `DISCARD ALL` or `DEALLOCATE ALL` on the connection, a pooler's reset).
 */
function isUnknownStatement(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '26000';
}

function namedClient(
  client: pg.PoolClient,
  nameOf: (text: string) => string | undefined,
  generations: WeakMap<pg.PoolClient, number>,
): PostgresPoolClient {
  let inTransaction = false;
  const onConnection = (name: string) => {
    const generation = generations.get(client) ?? 0;
    return generation === 0 ? name : `${name}_${generation}`;
  };
  const run = async (text: string, values: unknown[]) => {
    const name = inTransaction ? undefined : nameOf(text);
    if (transactionStart.test(text)) inTransaction = true;
    else if (transactionEnd.test(text)) inTransaction = false;
    if (name === undefined) return client.query(text, values);
    try {
      return await client.query({ name: onConnection(name), text, values });
    } catch (error) {
      if (!isStalePlan(error) && !isUnknownStatement(error)) throw error;
      // All of them, not only this one: the names pg still takes for parsed are never
      // used again on this connection, so none may stay planned on the server either.
      await client.query('deallocate all');
      generations.set(client, (generations.get(client) ?? 0) + 1);
      return client.query({ name: onConnection(name), text, values });
    }
  };
  return {
    // Kysely calls query(sql, parameters) for its queries and query(cursor) to stream.
    query: ((textOrCursor: unknown, values?: readonly unknown[]) =>
      typeof textOrCursor === 'string'
        ? run(textOrCursor, [...(values ?? [])])
        : client.query(textOrCursor as pg.Submittable)) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}
