import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase } from '../../../test/test-database.ts';
import { checkpointAfterErasure } from './erasure.repository.ts';

/*
 * After an erasure the SQLite WAL, which holds the pages as they were before it, is emptied
 * (issue 50). A connection reading at that moment keeps it from being emptied, and SQLite
 * says so with busy = 1, not an error: the erasure must notice, and say so in the log. Only
 * SQLite has a WAL the site reads; on PostgreSQL there is nothing to test.
 */
describe('the WAL checkpoint after an erasure on sqlite', () => {
  let database: Awaited<ReturnType<typeof startTestDatabase>>;
  let reader: DatabaseSync;
  beforeAll(async () => {
    database = await startTestDatabase('sqlite');
    const { database: config } = database.config;
    if (config.kind !== 'sqlite') throw new Error('a SQLite site');
    reader = new DatabaseSync(config.file);
  });
  afterAll(async () => {
    reader?.close();
    await database?.close();
  });

  const warnings: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => void warnings.push(args) };
  const write = () =>
    database.db
      .insertInto('erasures')
      .values({
        erased_at: new Date().toISOString(),
        by_user_id: null,
        is_by_administrator: false,
        reason: null,
      })
      .execute();

  it('logs, without personal data, that the WAL stayed while another connection read', async () => {
    await write();
    reader.exec('begin');
    reader.prepare('select count(*) from erasures').get();
    await write();
    try {
      expect(await checkpointAfterErasure(database.db, log)).toBe(false);
    } finally {
      reader.exec('commit');
    }
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).toMatch(/WAL checkpoint after an erasure stayed busy/);
    // Once the reader is done, the next erasure's checkpoint empties it.
    await write();
    expect(await checkpointAfterErasure(database.db, log)).toBe(true);
    expect(warnings).toHaveLength(1);
  });
});
