import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersOn, startPlaytimeDatabase } from '../../../test/playtime-players.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import * as lannerMonthsMigration from '../../db/migrations/0013-lanner-months.ts';
import { replaceRoles } from '../accounts/accounts.repository.ts';
import { findLastMonthBefore, listPlaytimeMonths } from './stats.repository.ts';

describe.each(testEngines)('the months with playtime of users who count, on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await startPlaytimeDatabase(engine));
  });
  afterAll(async () => close?.());
  const { newUser, play } = playersOn(() => db);

  it('has a month once a user who counts plays in it, never for others', async () => {
    const lanner = await newUser(['Lanner']);
    const stranger = await newUser();
    await play(stranger, '2024-01-10');
    expect(await listPlaytimeMonths(db)).toEqual([]);
    await play(lanner, '2024-02-10');
    await play(lanner, '2024-02-11', 20);
    await play(lanner, '2024-04-01');
    expect(await listPlaytimeMonths(db)).toEqual(['2024-04', '2024-02']);
    expect(await findLastMonthBefore(db, '2024-04')).toBe('2024-02');
    expect(await findLastMonthBefore(db, '2024-02')).toBeUndefined();
  });

  it('brings the months of a player who starts to count, and drops them when they stop', async () => {
    const later = await newUser();
    await play(later, '2024-06-05');
    await play(later, '2024-02-20');
    expect(await listPlaytimeMonths(db)).toEqual(['2024-04', '2024-02']);
    await replaceRoles(db, later, ['Member']);
    expect(await listPlaytimeMonths(db)).toEqual(['2024-06', '2024-04', '2024-02']);
    // No screen takes it away, but the rows say who counts: the months follow them.
    await db.updateTable('users').set({ lanner_since: null }).where('id', '=', later).execute();
    expect(await listPlaytimeMonths(db)).toEqual(['2024-04', '2024-02']);
    await db
      .updateTable('users')
      .set({ lanner_since: new Date().toISOString() })
      .where('id', '=', later)
      .execute();
  });

  it('drops a month with its last row of a user who counts, keeps one that has another', async () => {
    const only = await newUser(['Lanner']);
    await play(only, '2024-09-09');
    expect(await listPlaytimeMonths(db)).toContain('2024-09');
    await db.deleteFrom('playtime_months').where('user_id', '=', only).execute();
    expect(await listPlaytimeMonths(db)).not.toContain('2024-09');
    // 2024-02 has two players who count: one leaving it keeps it.
    const rows = await db
      .deleteFrom('playtime_months')
      .where('month', '=', '2024-02')
      .where('game_id', '=', 20)
      .returning('user_id')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(await listPlaytimeMonths(db)).toContain('2024-02');
  });

  it('takes many rows of one statement at once (a bulk loader)', async () => {
    const bulk = await newUser(['Lanner']);
    await db
      .insertInto('playtime_months')
      .values(
        ['2023-01', '2023-02', '2023-02', '2023-03'].map((month, index) => ({
          user_id: bulk,
          game_id: index % 2 === 0 ? 10 : 20,
          month,
          seconds: 60,
        })),
      )
      .execute();
    expect(await listPlaytimeMonths(db)).toEqual(
      expect.arrayContaining(['2023-01', '2023-02', '2023-03']),
    );
  });

  // SQLite has one writer; on PostgreSQL two transactions could each miss the other's row.
  it.runIf(engine === 'postgres')(
    'keeps the month of a player whose first row arrives while they start to count',
    async () => {
      const newcomer = await newUser();
      let written: Promise<unknown> | undefined;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ lanner_since: new Date().toISOString() })
          .where('id', '=', newcomer)
          .execute();
        // The collector writes the newcomer's first month while the role is not committed.
        written = db
          .insertInto('playtime_months')
          .values({ user_id: newcomer, game_id: 10, month: '2022-05', seconds: 60 })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      await written;
      expect(await listPlaytimeMonths(db)).toContain('2022-05');
    },
  );

  it('is filled from the playtime already there when the migration runs', async () => {
    const before = await listPlaytimeMonths(db);
    expect(before.length).toBeGreaterThan(3);
    const raw = db as unknown as Kysely<unknown>;
    await lannerMonthsMigration.down(raw);
    await lannerMonthsMigration.up(raw);
    expect(await listPlaytimeMonths(db)).toEqual(before);
  });
});
