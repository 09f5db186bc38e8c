import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersOn, startPlaytimeDatabase } from '../../../test/playtime-players.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import * as playtimeOfYearsMigration from '../../db/migrations/0020-playtime-of-years.ts';
import {
  countPlayDaysPerUser,
  sumPlaytimePerDay,
  sumPlaytimePerUserGame,
} from './stats.repository.ts';

describe.each(testEngines)('the playtime kept per year and per day, on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await startPlaytimeDatabase(engine));
  });
  afterAll(async () => close?.());
  const { newUser, play } = playersOn(() => db);

  /** The kept sums next to the same sums taken from the rows they are kept from. */
  async function keptAndSummed() {
    const rows = async (query: string) =>
      (await sql.raw(query).execute(db)).rows.map((row) =>
        Object.values(row as object).map(String),
      );
    return {
      kept: {
        years: await rows(
          'select user_id, game_id, year, seconds from playtime_years order by 1, 2, 3',
        ),
        days: await rows('select user_id, year, days from playtime_user_years order by 1, 2'),
        totals: await rows('select play_day, seconds from play_day_totals order by 1'),
      },
      summed: {
        years: await rows(`select user_id, game_id, substr(month, 1, 4), sum(seconds)
          from playtime_months group by user_id, game_id, substr(month, 1, 4) order by 1, 2, 3`),
        days: await rows(`select user_id, substr(play_day, 1, 4), count(*)
          from playtime_days group by user_id, substr(play_day, 1, 4) order by 1, 2`),
        totals: await rows(
          'select play_day, sum(seconds) from playtime_days group by play_day order by 1',
        ),
      },
    };
  }

  async function expectKeptRight() {
    const { kept, summed } = await keptAndSummed();
    expect(kept).toEqual(summed);
  }

  it('follows playtime as it is added, in rows of one statement and of many', async () => {
    const lanner = await newUser(['Lanner']);
    await play(lanner, '2024-02-10');
    await play(lanner, '2024-02-10', 20);
    // Twelve hours from 18:00 UTC: eleven to 06:00 in Amsterdam (05:00 UTC), one the next
    // play day, in the next year.
    await play(lanner, '2024-12-31', 10, 12);
    await db
      .insertInto('playtime_months')
      .values(
        ['2023-01', '2023-02', '2023-02'].map((month, index) => ({
          user_id: lanner,
          game_id: index === 2 ? 20 : 10,
          month,
          seconds: 60,
        })),
      )
      .execute();
    await expectKeptRight();
    const { kept } = await keptAndSummed();
    expect(kept.years).toEqual(
      expect.arrayContaining([
        [String(lanner), '10', '2023', '120'],
        [String(lanner), '10', '2024', String(2 * 3600 + 11 * 3600)],
        [String(lanner), '10', '2025', '3600'],
      ]),
    );
  });

  it('follows rows changed and rows deleted, and drops a sum with its last row', async () => {
    const lanner = await newUser(['Lanner']);
    await play(lanner, '2024-05-01');
    await play(lanner, '2024-05-02', 20);
    await db
      .updateTable('playtime_days')
      .set((eb) => ({ seconds: eb('seconds', '+', 30) }))
      .where('user_id', '=', lanner)
      .execute();
    await db
      .updateTable('playtime_months')
      .set((eb) => ({ seconds: eb('seconds', '+', 30) }))
      .where('user_id', '=', lanner)
      .execute();
    await expectKeptRight();
    await db
      .deleteFrom('playtime_months')
      .where('user_id', '=', lanner)
      .where('game_id', '=', 20)
      .execute();
    await db
      .deleteFrom('playtime_days')
      .where('user_id', '=', lanner)
      .where('play_day', '=', '2024-05-02')
      .execute();
    await expectKeptRight();
    const games = await sumPlaytimePerUserGame(db, 2024);
    expect(games.filter((row) => row.userId === lanner).map((row) => row.gameId)).toEqual([10]);
  });

  it('lets a deleted user’s playtime go with them', async () => {
    const leaving = await newUser(['Lanner']);
    await play(leaving, '2024-07-07');
    await play(leaving, '2024-07-08', 20);
    await db.deleteFrom('user_roles').where('user_id', '=', leaving).execute();
    await db.deleteFrom('users').where('id', '=', leaving).execute();
    await expectKeptRight();
    expect((await sumPlaytimePerDay(db, '2024-07-07', '2024-07-08')).size).toBe(0);
  });

  it('sums the days of users who count only, and a running year up to its last day', async () => {
    const lanner = await newUser(['Lanner']);
    const stranger = await newUser();
    await play(lanner, '2022-03-01');
    await play(stranger, '2022-03-01', 20, 3);
    await play(stranger, '2022-03-02');
    await play(lanner, '2022-09-09');
    const perDay = await sumPlaytimePerDay(db, '2022-01-01', '2022-12-31');
    expect([...perDay]).toEqual([
      ['2022-03-01', 7200],
      ['2022-09-09', 7200],
    ]);
    expect((await countPlayDaysPerUser(db, 2022, '2022-12-31')).get(lanner)).toBe(2);
    expect((await countPlayDaysPerUser(db, 2022, '2022-06-30')).get(lanner)).toBe(1);
    expect((await countPlayDaysPerUser(db, 2022, '2022-02-28')).has(lanner)).toBe(false);
    expect((await countPlayDaysPerUser(db, 2022, '2022-12-31')).has(stranger)).toBe(false);
    expect((await sumPlaytimePerUserGame(db, 2022)).map((row) => row.userId)).toEqual([lanner]);
  });

  it('is filled from the playtime already there when the migration runs', async () => {
    const before = await keptAndSummed();
    expect(before.kept.years.length).toBeGreaterThan(3);
    const raw = db as unknown as Kysely<unknown>;
    await playtimeOfYearsMigration.down(raw);
    await playtimeOfYearsMigration.up(raw);
    expect(await keptAndSummed()).toEqual(before);
  });
});
