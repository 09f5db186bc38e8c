import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestDatabase, testEngines } from '../../test/test-database.ts';
import type { AppDatabase } from './database.ts';
import { preparedQuery, type ValueOf } from './prepared-queries.ts';

describe.each(testEngines)('prepared queries on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
  });
  afterAll(async () => close?.());

  const countUp = preparedQuery((db, value: ValueOf<{ key: string; expiresAt: number }>) =>
    db
      .insertInto('attempt_counters')
      .values({ key: value('key'), count: 1, expires_at: value('expiresAt') })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet((eb) => ({ count: eb('attempt_counters.count', '+', 1) })),
      )
      .returning(['key', 'count', 'expires_at']),
  );
  const countsOf = preparedQuery((db, value: ValueOf<{ keys: string; least: number }>) =>
    db
      .selectFrom('attempt_counters')
      .select(['key', 'count'])
      // A constant written in the query stays one: only values by name change per run.
      .where('key', 'like', 'prepared-%')
      .where('key', '=', value('keys'))
      .where('count', '>=', value('least')),
  );

  it('runs one built query with each run’s values, its constants kept', async () => {
    const queries = vi.spyOn(db, 'executeQuery');
    try {
      const first = await countUp(db, { key: 'prepared-a', expiresAt: 1000 });
      // Numbers as each engine's driver gives them (PostgreSQL: bigint as text).
      const asNumbers = (rows: { key: string; count: unknown; expires_at?: unknown }[]) =>
        rows.map(({ key, count, expires_at }) => ({
          key,
          count: Number(count),
          ...(expires_at === undefined ? {} : { expiresAt: Number(expires_at) }),
        }));
      expect(asNumbers(first.rows)).toEqual([{ key: 'prepared-a', count: 1, expiresAt: 1000 }]);
      const again = await countUp(db, { key: 'prepared-a', expiresAt: 2000 });
      expect(again.rows.map((row) => Number(row.count))).toEqual([2]);
      await countUp(db, { key: 'prepared-b', expiresAt: 3000 });
      expect(asNumbers((await countsOf(db, { keys: 'prepared-a', least: 2 })).rows)).toEqual([
        { key: 'prepared-a', count: 2 },
      ]);
      expect((await countsOf(db, { keys: 'prepared-b', least: 2 })).rows).toEqual([]);
      // One SQL text per query, whatever the values.
      const compiled = queries.mock.calls.map(([query]) => query as CompiledQuery);
      const texts = compiled.map((query) => query.sql);
      expect(new Set(texts).size).toBe(2);
      expect(compiled[2]?.parameters).toContain('prepared-b');
    } finally {
      queries.mockRestore();
    }
  });

  it('runs in a transaction, and what it wrote goes with a rollback', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await countUp(trx, { key: 'prepared-rolled-back', expiresAt: 1 });
        expect((await countsOf(trx, { keys: 'prepared-rolled-back', least: 1 })).rows).toHaveLength(
          1,
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await countsOf(db, { keys: 'prepared-rolled-back', least: 1 })).rows).toEqual([]);
  });

  it('refuses a value the query does not take as a parameter', async () => {
    const dropped = preparedQuery((db, value: ValueOf<{ name: string }>) => {
      value('name');
      return db.selectFrom('attempt_counters').select('key');
    });
    await expect(dropped(db, { name: 'x' })).rejects.toThrow(
      'the value "name" is not a parameter of the query',
    );
  });
});
