import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestDatabase, testEngines } from '../../test/test-database.ts';
import { readDataVersions } from './data-versions.ts';
import type { AppDatabase } from './database.ts';

describe.each(testEngines)('looking at the data versions on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
  });
  afterAll(async () => close?.());

  const raiseLans = () =>
    sql`update data_versions set version = version + 1 where name = 'lans'`.execute(db);

  // On SQLite the look is no query at all (below).
  it.runIf(engine === 'postgres')('lets requests arriving together share one query', async () => {
    const queries = vi.spyOn(db, 'executeQuery');
    try {
      const looks = await Promise.all(
        Array.from({ length: 20 }, () => readDataVersions(db, ['lans', 'playtime'])),
      );
      expect(new Set(looks).size).toBe(1);
      // The first starts a look; the other 19 arrive while it runs and share the next one.
      expect(queries.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      queries.mockRestore();
    }
  });

  // On SQLite no look is ever under way.
  it.runIf(engine === 'postgres')(
    'never shows a request a version read before it arrived',
    async () => {
      const before = await readDataVersions(db, ['lans']);
      // A look answered before the write below but, held here, still under way after it.
      let looked!: () => void;
      const hasLooked = new Promise<void>((resolve) => {
        looked = resolve;
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const executeQuery = db.executeQuery.bind(db);
      const queries = vi.spyOn(db, 'executeQuery').mockImplementationOnce((async (
        query: Parameters<typeof executeQuery>[0],
      ) => {
        const result = await executeQuery(query);
        looked();
        await released;
        return result;
      }) as never);
      try {
        const underWay = readDataVersions(db, ['lans']);
        await hasLooked;
        await raiseLans();
        const after = readDataVersions(db, ['lans']);
        release();
        expect(await underWay).toBe(before);
        expect(await after).not.toBe(before);
      } finally {
        queries.mockRestore();
      }
    },
  );

  it.runIf(engine === 'sqlite')('reads at once, past Kysely, outside transactions', async () => {
    const queries = vi.spyOn(db, 'executeQuery');
    try {
      const before = await readDataVersions(db, ['lans']);
      await raiseLans();
      const calls = queries.mock.calls.length;
      expect(await readDataVersions(db, ['lans'])).not.toBe(before);
      expect(queries.mock.calls.length).toBe(calls);
    } finally {
      queries.mockRestore();
    }
  });

  it('never shows a write of a transaction still open, nor one rolled back', async () => {
    const before = await readDataVersions(db, ['lans']);
    let lookDuring!: Promise<string>;
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update data_versions set version = version + 1 where name = 'lans'`.execute(trx);
        lookDuring = readDataVersions(db, ['lans']);
        // Let a look that does not wait for the transaction answer before it rolls back.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await lookDuring).toBe(before);
    expect(await readDataVersions(db, ['lans'])).toBe(before);
  });

  it('finds a change made by the caller just before', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [seen] = await Promise.all([
        readDataVersions(db, ['lans']),
        readDataVersions(db, ['lans']),
      ]);
      await raiseLans();
      expect(await readDataVersions(db, ['lans'])).not.toBe(seen);
    }
  });
});
