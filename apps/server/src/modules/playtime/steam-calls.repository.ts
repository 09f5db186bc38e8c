import type { Executor } from '../../db/executor.ts';

/** Steam Web API calls per method, as counted during one poll. */
export type SteamCallCounts = Map<string, number>;

/** The UTC day (yyyy-MM-dd) Steam counts its daily call limit in. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Adds a poll's calls to the day's count per method, so the daily use of the API key
 * (Steam allows 100,000 calls a day) can be read back and logged.
 */
export async function countSteamCalls(
  db: Executor,
  day: string,
  counts: SteamCallCounts,
): Promise<void> {
  const rows = [...counts].filter(([, calls]) => calls > 0);
  if (rows.length === 0) return;
  await db
    .insertInto('steam_calls')
    .values(rows.map(([method, calls]) => ({ day, method, calls })))
    .onConflict((conflict) =>
      conflict.columns(['day', 'method']).doUpdateSet((eb) => ({
        calls: eb('steam_calls.calls', '+', eb.ref('excluded.calls')),
      })),
    )
    .execute();
}

/** The calls made on a UTC day, per method (methods not called are left out). */
export async function findSteamCalls(db: Executor, day: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('steam_calls')
    .select(['method', 'calls'])
    .where('day', '=', day)
    .orderBy('method')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.method, Number(row.calls)]));
}
