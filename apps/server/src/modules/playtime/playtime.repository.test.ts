import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDatabase, testEngines } from '../../../test/test-database.ts';
import type { AppDatabase } from '../../db/database.ts';
import { insertUser } from '../accounts/accounts.repository.ts';
import { addPlaytime, ensureGames } from './playtime.repository.ts';

describe.each(testEngines)('recording playtime on %s', (engine) => {
  let db: AppDatabase;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await startTestDatabase(engine));
  });
  afterAll(async () => close?.());

  it('adds each play day and month, and adds up what is recorded twice', async () => {
    const user = await insertUser(db, {
      subject: null,
      nickname: 'Ada',
      email: null,
      steamId: null,
    });
    const now = new Date();
    await ensureGames(db, [730, 730], now);
    // 04:00 to 08:00 local on 1 February: two hours for 31 January, two for 1 February.
    await addPlaytime(
      db,
      {
        userId: user.id,
        gameId: 730,
        start: new Date('2026-02-01T03:00:00Z'),
        end: new Date('2026-02-01T07:00:00Z'),
      },
      'Europe/Amsterdam',
    );
    await addPlaytime(
      db,
      {
        userId: user.id,
        gameId: 730,
        start: new Date('2026-02-01T18:00:00Z'),
        end: new Date('2026-02-01T19:00:00Z'),
      },
      'Europe/Amsterdam',
    );
    const days = await db
      .selectFrom('playtimes')
      .select(['play_day', 'seconds'])
      .where('user_id', '=', user.id)
      .orderBy('play_day')
      .execute();
    expect(days).toEqual([
      { play_day: '2026-01-31', seconds: 7200 },
      { play_day: '2026-02-01', seconds: 10800 },
    ]);
    const months = await db
      .selectFrom('playtime_months')
      .select(['month', 'seconds'])
      .where('user_id', '=', user.id)
      .orderBy('month')
      .execute();
    expect(months).toEqual([
      { month: '2026-01', seconds: 7200 },
      { month: '2026-02', seconds: 10800 },
    ]);
    const totals = await db
      .selectFrom('player_totals')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect({ ...totals, seconds: Number(totals.seconds) }).toEqual({
      user_id: user.id,
      seconds: 18000,
      days: 2,
      games: 1,
      last_play_day: '2026-02-01',
    });
    // Another game on a known day and an earlier new day: one more game and one more day.
    await ensureGames(db, [570], now);
    await addPlaytime(
      db,
      {
        userId: user.id,
        gameId: 570,
        start: new Date('2026-01-20T18:00:00Z'),
        end: new Date('2026-01-20T18:30:00Z'),
      },
      'Europe/Amsterdam',
    );
    await addPlaytime(
      db,
      {
        userId: user.id,
        gameId: 570,
        start: new Date('2026-02-01T20:00:00Z'),
        end: new Date('2026-02-01T20:30:00Z'),
      },
      'Europe/Amsterdam',
    );
    // Each day once, all games together: what a rewind counts and sums.
    const perDay = await db
      .selectFrom('playtime_days')
      .select(['play_day', 'seconds'])
      .where('user_id', '=', user.id)
      .orderBy('play_day')
      .execute();
    expect(perDay).toEqual([
      { play_day: '2026-01-20', seconds: 1800 },
      { play_day: '2026-01-31', seconds: 7200 },
      { play_day: '2026-02-01', seconds: 12600 },
    ]);
    const after = await db
      .selectFrom('player_totals')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect({ ...after, seconds: Number(after.seconds) }).toMatchObject({
      seconds: 21600,
      days: 3,
      games: 2,
      last_play_day: '2026-02-01',
    });
    const game = await db
      .selectFrom('games')
      .selectAll()
      .where('id', '=', 730)
      .executeTakeFirstOrThrow();
    expect(game.name).toBe('Game 730');
  });
});
