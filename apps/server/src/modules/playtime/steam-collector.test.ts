import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeSteam,
  getOwnedGamesPath,
  getPlayerSummariesPath,
  startFakeSteam,
} from '../../../test/fake-steam.ts';
import { startTestDatabase, testEngines } from '../../../test/test-database.ts';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { OpenSession } from './play-sessions.repository.ts';
import {
  createSteamCollector,
  planPresence,
  playedGameId,
  type SteamCollector,
  startSteamCollector,
  steamBackoffMs,
} from './steam-collector.ts';
import { findSteamProfileState } from './steam-profiles.repository.ts';

const timeZone = 'Europe/Amsterdam';
const t0 = new Date('2026-03-10T18:00:00.000Z');

/** `t0` plus this many seconds. */
function at(seconds: number): Date {
  return new Date(t0.getTime() + seconds * 1000);
}

function steamIdOf(n: number): string {
  return String(76561198000000000n + BigInt(n));
}

type Logged = { level: string; message: string; data: Record<string, unknown> };

/** A logger that keeps what it was told, to check what the collector reports. */
function recordingLogger(logged: Logged[]): FastifyBaseLogger {
  const record =
    (level: string) =>
    (data: Record<string, unknown>, message = '') =>
      logged.push({ level, message, data });
  const logger = {
    level: 'info',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

describe('planning presence from one answer', () => {
  const session = (id: number, userId: number, gameId: number): OpenSession => ({
    id,
    userId,
    gameId,
    startedAt: t0.toISOString(),
    lastSeenAt: t0.toISOString(),
  });

  it('extends the same game, closes a switch or a stop, opens new games, skips the missing', () => {
    const plan = planPresence(
      new Map([
        [1, 730],
        [2, 570],
        [3, undefined],
        [4, 440],
      ]),
      [session(10, 1, 730), session(11, 2, 730), session(12, 3, 730), session(13, 5, 730)],
    );
    expect(plan.extend).toEqual([10]);
    expect(plan.close.map((closed) => closed.id)).toEqual([11, 12]);
    expect(plan.open).toEqual([
      { userId: 2, gameId: 570 },
      { userId: 4, gameId: 440 },
    ]);
  });

  it('reads only Steam app ids from gameid', () => {
    expect(playedGameId({ steamid: '1', gameid: '730' })).toBe(730);
    expect(playedGameId({ steamid: '1' })).toBeUndefined();
    // A non-Steam shortcut: a 64-bit id that is no app.
    expect(playedGameId({ steamid: '1', gameid: '13830233007286222848' })).toBeUndefined();
  });
});

describe('backing off from Steam', () => {
  it('doubles from a minute up to half an hour, with jitter, and honours Retry-After', () => {
    const middle = () => 0.5;
    expect(steamBackoffMs(1, undefined, middle)).toBe(60_000);
    expect(steamBackoffMs(2, undefined, middle)).toBe(120_000);
    expect(steamBackoffMs(20, undefined, middle)).toBe(1_800_000);
    expect(steamBackoffMs(1, undefined, () => 0)).toBe(45_000);
    expect(steamBackoffMs(1, undefined, () => 0.999_999)).toBe(75_000);
    expect(steamBackoffMs(3, 5000, () => 0)).toBe(5000);
    expect(steamBackoffMs(3, 5000, () => 0.999_999)).toBe(6000);
  });
});

describe.each(testEngines)('the Steam playtime collector on %s', (engine) => {
  let database: Awaited<ReturnType<typeof startTestDatabase>>;
  let db: AppDatabase;
  let fake: FakeSteam;
  let logged: Logged[];
  let collector: SteamCollector;

  function newCollector(options: { apiKey?: string; ownedGamesCallsPerPoll?: number } = {}) {
    return createSteamCollector({
      db,
      steam: { apiUrl: fake.url, apiKey: options.apiKey ?? 'test-key', openIdUrl: '' },
      communityTimeZone: timeZone,
      log: recordingLogger(logged),
      random: () => 0.5,
      ...(options.ownedGamesCallsPerPoll === undefined
        ? {}
        : { ownedGamesCallsPerPoll: options.ownedGamesCallsPerPoll }),
    });
  }

  /** Users with Steam ids steamIdOf(1..count) who agreed to be recorded; their ids in order. */
  async function addSteamUsers(count: number, first = 1): Promise<number[]> {
    const rows = Array.from({ length: count }, (_, index) => ({
      subject: null,
      nickname: `player-${first + index}`,
      steam_id: steamIdOf(first + index),
      email: null,
      is_email_activated: false,
      creation_date: t0.toISOString(),
      modification_date: t0.toISOString(),
    }));
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += 200) {
      const inserted = await db
        .insertInto('users')
        .values(rows.slice(start, start + 200))
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => row.id));
      // Each agreed to have their playtime recorded (issue 36).
      await db
        .insertInto('consents')
        .values(
          inserted.map((row) => ({
            user_id: row.id,
            kind: 'steam_playtime' as const,
            is_given: true,
            wording_version: 1,
            decided_at: t0.toISOString(),
          })),
        )
        .execute();
    }
    return ids;
  }

  function play(n: number, gameId?: number) {
    fake.players.set(steamIdOf(n), {
      steamid: steamIdOf(n),
      personaname: `player-${n}`,
      communityvisibilitystate: 3,
      ...(gameId === undefined ? {} : { gameid: String(gameId) }),
    });
  }

  function callsTo(path: string): URL[] {
    return fake.requests.filter((url) => url.pathname === path);
  }

  async function sessionsOf(userId: number) {
    const rows = await db
      .selectFrom('play_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      gameId: row.game_id,
      startedAt: toIsoTimestamp(row.started_at),
      lastSeenAt: toIsoTimestamp(row.last_seen_at),
      endedAt: row.ended_at === null ? null : toIsoTimestamp(row.ended_at),
    }));
  }

  async function playedSeconds(userId: number) {
    const days = await db
      .selectFrom('playtimes')
      .select(['game_id', 'play_day', 'seconds'])
      .where('user_id', '=', userId)
      .orderBy('game_id')
      .orderBy('play_day')
      .execute();
    const months = await db
      .selectFrom('playtime_months')
      .select(['game_id', 'month', 'seconds'])
      .where('user_id', '=', userId)
      .orderBy('game_id')
      .execute();
    return { days, months };
  }

  /** Everything a poll may change about presence and playtime. */
  async function snapshot() {
    return {
      sessions: await db.selectFrom('play_sessions').selectAll().orderBy('id').execute(),
      playtimes: await db.selectFrom('playtimes').selectAll().orderBy('user_id').execute(),
      months: await db.selectFrom('playtime_months').selectAll().orderBy('user_id').execute(),
      games: await db.selectFrom('games').selectAll().orderBy('id').execute(),
      profiles: await db.selectFrom('steam_profiles').selectAll().orderBy('user_id').execute(),
    };
  }

  async function steamCalls() {
    const rows = await db
      .selectFrom('steam_calls')
      .selectAll()
      .orderBy('day')
      .orderBy('method')
      .execute();
    return rows.map((row) => [row.day, row.method, Number(row.calls)]);
  }

  beforeAll(async () => {
    database = await startTestDatabase(engine);
    db = database.db;
    fake = await startFakeSteam();
  });
  afterAll(async () => {
    await fake?.close();
    await database?.close();
  });
  beforeEach(async () => {
    for (const table of [
      'play_sessions',
      'playtimes',
      'playtime_months',
      'playtime_days',
      'player_totals',
      'steam_profiles',
      'steam_calls',
    ] as const)
      await db.deleteFrom(table).execute();
    await db.deleteFrom('users').execute();
    await db.deleteFrom('games').execute();
    fake.players.clear();
    fake.ownedGames.clear();
    fake.privateProfiles.clear();
    fake.requests.length = 0;
    fake.failWith = undefined;
    fake.failFromRequest = 0;
    fake.retryAfterSeconds = 3;
    fake.delayMs = 0;
    logged = [];
    // Most tests are about presence: owned games only where a test asks for them.
    collector = newCollector({ ownedGamesCallsPerPoll: 0 });
  });

  it.each([
    [250, 3],
    [1000, 10],
  ])(
    'asks for %i users in %i GetPlayerSummaries calls of at most 100 ids',
    async (users, calls) => {
      await addSteamUsers(users);
      const result = await collector.poll(t0);
      expect(result).toEqual({ outcome: 'polled', steamCalls: calls });
      const asked = callsTo(getPlayerSummariesPath);
      expect(asked).toHaveLength(calls);
      const ids = asked.map((url) => (url.searchParams.get('steamids') ?? '').split(','));
      for (const batch of ids) expect(batch.length).toBeLessThanOrEqual(100);
      expect(ids.flat().sort()).toEqual(
        Array.from({ length: users }, (_, index) => steamIdOf(index + 1)).sort(),
      );
    },
  );

  it('opens one session when two servers poll the same database at once', async () => {
    const users = await addSteamUsers(20);
    for (let n = 1; n <= 20; n += 1) play(n, 730);
    // Each server has its own collector; on PostgreSQL their transactions overlap.
    const [first, second] = [
      newCollector({ ownedGamesCallsPerPoll: 0 }),
      newCollector({ ownedGamesCallsPerPoll: 0 }),
    ];
    await Promise.all([first.poll(t0), second.poll(t0)]);
    for (const user of users) expect(await sessionsOf(user)).toHaveLength(1);
  });

  it('extends a session while the same game is seen', async () => {
    const [user] = await addSteamUsers(1);
    play(1, 730);
    await collector.poll(t0);
    await collector.poll(at(60));
    await collector.poll(at(120));
    expect(await sessionsOf(user as number)).toEqual([
      {
        gameId: 730,
        startedAt: t0.toISOString(),
        lastSeenAt: at(120).toISOString(),
        endedAt: null,
      },
    ]);
    expect((await playedSeconds(user as number)).days).toEqual([]);
    const game = await db.selectFrom('games').selectAll().executeTakeFirstOrThrow();
    expect([game.id, game.name, toBoolean(game.is_named)]).toEqual([730, 'Game 730', false]);
  });

  it('closes the first session at its last sighting when the game changes, adding its seconds', async () => {
    const [user] = await addSteamUsers(1);
    play(1, 730);
    await collector.poll(t0);
    await collector.poll(at(60));
    await collector.poll(at(125));
    play(1, 570);
    await collector.poll(at(185));
    expect(await sessionsOf(user as number)).toEqual([
      {
        gameId: 730,
        startedAt: t0.toISOString(),
        lastSeenAt: at(125).toISOString(),
        endedAt: at(125).toISOString(),
      },
      {
        gameId: 570,
        startedAt: at(185).toISOString(),
        lastSeenAt: at(185).toISOString(),
        endedAt: null,
      },
    ]);
    expect(await playedSeconds(user as number)).toEqual({
      days: [{ game_id: 730, play_day: '2026-03-10', seconds: 125 }],
      months: [{ game_id: 730, month: '2026-03', seconds: 125 }],
    });
  });

  it('closes the session when a returned player plays nothing any more', async () => {
    const [user] = await addSteamUsers(1);
    play(1, 730);
    await collector.poll(t0);
    await collector.poll(at(60));
    play(1);
    await collector.poll(at(120));
    const sessions = await sessionsOf(user as number);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.endedAt).toBe(at(60).toISOString());
    expect((await playedSeconds(user as number)).days).toEqual([
      { game_id: 730, play_day: '2026-03-10', seconds: 60 },
    ]);
  });

  it('changes nothing for a player Steam leaves out, and the sweeper ends them after 3 minutes', async () => {
    const [user] = await addSteamUsers(1);
    play(1, 730);
    await collector.poll(t0);
    await collector.poll(at(60));
    fake.players.clear();
    await collector.poll(at(120));
    await collector.poll(at(60 + 180));
    expect(await sessionsOf(user as number)).toEqual([
      { gameId: 730, startedAt: t0.toISOString(), lastSeenAt: at(60).toISOString(), endedAt: null },
    ]);
    await collector.poll(at(60 + 181));
    expect((await sessionsOf(user as number))[0]?.endedAt).toBe(at(60).toISOString());
    expect((await playedSeconds(user as number)).days).toEqual([
      { game_id: 730, play_day: '2026-03-10', seconds: 60 },
    ]);
  });

  it('drops unknown ids: only the players Steam knows get sessions', async () => {
    const [known, unknown] = await addSteamUsers(2);
    play(1, 730);
    expect((await collector.poll(t0)).outcome).toBe('polled');
    expect(callsTo(getPlayerSummariesPath)[0]?.searchParams.get('steamids')).toBe(
      `${steamIdOf(1)},${steamIdOf(2)}`,
    );
    expect(await sessionsOf(known as number)).toHaveLength(1);
    expect(await sessionsOf(unknown as number)).toEqual([]);
  });

  it('asks Steam only about people who agreed, and stops at the next poll when one withdraws', async () => {
    const [agreed, withdrawn] = await addSteamUsers(2);
    const [never] = await addSteamUsers(1, 3);
    await db
      .deleteFrom('consents')
      .where('user_id', '=', never as number)
      .execute();
    play(1, 730);
    play(2, 730);
    play(3, 730);
    await collector.poll(t0);
    expect(callsTo(getPlayerSummariesPath)[0]?.searchParams.get('steamids')).toBe(
      `${steamIdOf(1)},${steamIdOf(2)}`,
    );
    await db
      .updateTable('consents')
      .set({ is_given: false })
      .where('user_id', '=', withdrawn as number)
      .execute();
    await collector.poll(at(60));
    expect(callsTo(getPlayerSummariesPath)[1]?.searchParams.get('steamids')).toBe(steamIdOf(1));
    expect(await sessionsOf(agreed as number)).toHaveLength(1);
    expect(await sessionsOf(never as number)).toEqual([]);
    for (const [, query] of callsTo(getOwnedGamesPath).entries())
      expect(query.searchParams.get('steamid')).not.toBe(steamIdOf(3));
  });

  it('starts a new session after a gap instead of extending over it', async () => {
    const [user] = await addSteamUsers(1);
    play(1, 730);
    await collector.poll(t0);
    await collector.poll(at(60));
    // The site was down for ten minutes; the player still plays the same game.
    await collector.poll(at(660));
    const sessions = await sessionsOf(user as number);
    expect(sessions.map((session) => [session.startedAt, session.endedAt])).toEqual([
      [t0.toISOString(), at(60).toISOString()],
      [at(660).toISOString(), null],
    ]);
  });

  it('changes nothing on a 500, backs off with jitter, and sweeps anyway', async () => {
    const [first, second] = await addSteamUsers(2);
    play(1, 730);
    play(2, 570);
    await collector.poll(t0);
    play(1, 440);
    play(2);
    fake.failWith = 500;
    fake.retryAfterSeconds = undefined;
    const before = await snapshot();
    expect(await collector.poll(at(60))).toEqual({ outcome: 'failed', steamCalls: 1 });
    expect(await snapshot()).toEqual(before);
    // random 0.5: the first back-off is exactly a minute.
    expect(collector.steamPausedUntil()).toBe(at(120).getTime());
    fake.failWith = undefined;
    const asked = fake.requests.length;
    expect(await collector.poll(at(119))).toEqual({ outcome: 'backing-off', steamCalls: 0 });
    expect(fake.requests.length).toBe(asked);
    // Failing again at 3 minutes and a second: the sweeper still ends both sessions.
    fake.failWith = 500;
    expect((await collector.poll(at(181))).outcome).toBe('failed');
    expect((await sessionsOf(first as number))[0]?.endedAt).toBe(t0.toISOString());
    expect((await sessionsOf(second as number))[0]?.endedAt).toBe(t0.toISOString());
    expect(logged.some((entry) => entry.level === 'warn' && entry.data.status === 500)).toBe(true);
  });

  it('changes nothing when a later batch of the same poll fails', async () => {
    await addSteamUsers(150);
    play(1, 730);
    play(150, 570);
    await collector.poll(t0);
    play(1);
    play(150, 440);
    const before = await snapshot();
    fake.failWith = 502;
    fake.failFromRequest = fake.requests.length + 1;
    expect(await collector.poll(at(60))).toEqual({ outcome: 'failed', steamCalls: 2 });
    expect(await snapshot()).toEqual(before);
  });

  it('doubles the back-off while Steam keeps failing and resets it on success', async () => {
    await addSteamUsers(1);
    fake.failWith = 503;
    fake.retryAfterSeconds = undefined;
    await collector.poll(t0);
    expect(collector.steamPausedUntil()).toBe(at(60).getTime());
    await collector.poll(at(60));
    expect(collector.steamPausedUntil()).toBe(at(180).getTime());
    fake.failWith = undefined;
    expect((await collector.poll(at(180))).outcome).toBe('polled');
    fake.failWith = 503;
    await collector.poll(at(240));
    expect(collector.steamPausedUntil()).toBe(at(300).getTime());
  });

  it('honours Retry-After on a 429: no call before it ends, a call after', async () => {
    await addSteamUsers(1);
    play(1, 730);
    fake.failWith = 429;
    expect((await collector.poll(t0)).outcome).toBe('failed');
    expect(await snapshot()).toMatchObject({ sessions: [], games: [] });
    fake.failWith = undefined;
    expect((await collector.poll(at(2))).outcome).toBe('backing-off');
    expect(callsTo(getPlayerSummariesPath)).toHaveLength(1);
    // 3 s plus 10 % jitter.
    expect(collector.steamPausedUntil()).toBe(t0.getTime() + 3300);
    expect((await collector.poll(at(4))).outcome).toBe('polled');
    expect(callsTo(getPlayerSummariesPath)).toHaveLength(2);
  });

  it('does not retry a 403 (bad key) soon, and logs an error', async () => {
    await addSteamUsers(1);
    collector = newCollector({ apiKey: 'wrong-key' });
    expect((await collector.poll(t0)).outcome).toBe('failed');
    expect(logged.filter((entry) => entry.level === 'error')).toHaveLength(1);
    for (const seconds of [60, 120, 600, 899])
      expect((await collector.poll(at(seconds))).outcome).toBe('backing-off');
    expect(callsTo(getPlayerSummariesPath)).toHaveLength(1);
    expect((await collector.poll(at(900))).outcome).toBe('failed');
    expect(callsTo(getPlayerSummariesPath)).toHaveLength(2);
  });

  it('names games from GetOwnedGames, with icons and played free games', async () => {
    const [user] = await addSteamUsers(1);
    collector = newCollector();
    play(1, 730);
    fake.ownedGames.set(steamIdOf(1), [
      { appid: 730, name: 'Counter-Strike 2', img_icon_url: 'cs2hash', playtime_forever: 600 },
      {
        appid: 440,
        name: 'Team Fortress 2',
        img_icon_url: 'tf2hash',
        playtime_forever: 9,
        isFree: true,
      },
    ]);
    await collector.poll(t0);
    const owned = callsTo(getOwnedGamesPath);
    expect(owned).toHaveLength(1);
    expect(owned[0]?.searchParams.get('steamid')).toBe(steamIdOf(1));
    const games = await db.selectFrom('games').selectAll().orderBy('id').execute();
    expect(
      games.map((game) => [game.id, game.name, game.icon_hash, toBoolean(game.is_named)]),
    ).toEqual([
      [440, 'Team Fortress 2', 'tf2hash', true],
      [730, 'Counter-Strike 2', 'cs2hash', true],
    ]);
    expect(await findState(user as number)).toEqual({
      isPrivate: false,
      gamesCheckedAt: t0.toISOString(),
    });
  });

  it('asks for a user’s owned games at most every 30 minutes', async () => {
    await addSteamUsers(1);
    collector = newCollector();
    fake.ownedGames.set(steamIdOf(1), []);
    for (const seconds of [0, 60, 1200, 1800, 1801]) await collector.poll(at(seconds));
    // At 0 and at 30 minutes and a second; not at exactly 30 minutes.
    expect(callsTo(getOwnedGamesPath)).toHaveLength(2);
  });

  it('flags a private profile and clears the flag once games are told', async () => {
    const [user] = await addSteamUsers(1);
    collector = newCollector();
    play(1);
    fake.privateProfiles.add(steamIdOf(1));
    await collector.poll(t0);
    expect(await findState(user as number)).toEqual({
      isPrivate: true,
      gamesCheckedAt: t0.toISOString(),
    });
    fake.privateProfiles.clear();
    fake.ownedGames.set(steamIdOf(1), [
      { appid: 730, name: 'Counter-Strike 2', img_icon_url: 'cs2hash', playtime_forever: 600 },
    ]);
    await collector.poll(at(1801));
    expect(await findState(user as number)).toEqual({
      isPrivate: false,
      gamesCheckedAt: at(1801).toISOString(),
    });
  });

  it('backs off on a 429 from GetOwnedGames, keeping the presence and the user due', async () => {
    const [user] = await addSteamUsers(1);
    collector = newCollector();
    play(1, 730);
    fake.failWith = 429;
    // GetPlayerSummaries answers; GetOwnedGames, the second call, is refused.
    fake.failFromRequest = 1;
    expect(await collector.poll(t0)).toEqual({ outcome: 'polled', steamCalls: 2 });
    expect(await sessionsOf(user as number)).toHaveLength(1);
    expect(await findState(user as number)).toEqual({ isPrivate: false, gamesCheckedAt: null });
    expect(collector.steamPausedUntil()).toBe(t0.getTime() + 3300);
  });

  it('does not ask again soon for a user whose owned games Steam refuses (4xx)', async () => {
    const [user] = await addSteamUsers(1);
    collector = newCollector();
    fake.failWith = 400;
    fake.failFromRequest = 1;
    await collector.poll(t0);
    expect(await findState(user as number)).toEqual({
      isPrivate: false,
      gamesCheckedAt: t0.toISOString(),
    });
    expect(logged.filter((entry) => entry.level === 'error')).toHaveLength(1);
    // About this one user: the presence polls go on.
    expect(collector.steamPausedUntil()).toBe(0);
  });

  it('bounds the owned-games calls of one poll, players of unnamed games first', async () => {
    await addSteamUsers(30);
    collector = newCollector({ ownedGamesCallsPerPoll: 20 });
    play(25, 730);
    await collector.poll(t0);
    const owned = callsTo(getOwnedGamesPath);
    expect(owned).toHaveLength(20);
    expect(owned[0]?.searchParams.get('steamid')).toBe(steamIdOf(25));
    // The next poll takes the ten not asked yet.
    await collector.poll(at(60));
    expect(callsTo(getOwnedGamesPath)).toHaveLength(30);
  });

  it('counts every Steam call per UTC day and method, failed ones too, and logs them', async () => {
    await addSteamUsers(150);
    collector = newCollector({ ownedGamesCallsPerPoll: 2 });
    const evening = new Date('2026-03-10T23:59:00.000Z');
    await collector.poll(evening);
    fake.failWith = 500;
    await collector.poll(new Date('2026-03-11T00:00:10.000Z'));
    expect(await steamCalls()).toEqual([
      ['2026-03-10', 'GetOwnedGames', 2],
      ['2026-03-10', 'GetPlayerSummaries', 2],
      ['2026-03-11', 'GetPlayerSummaries', 1],
    ]);
    const counts = logged.filter(
      (entry) => entry.level === 'info' && entry.message === 'Steam calls',
    );
    expect(counts.map((entry) => entry.data)).toEqual([
      { day: '2026-03-10', calls: { GetOwnedGames: 2, GetPlayerSummaries: 2 } },
      { day: '2026-03-10', calls: { GetOwnedGames: 2, GetPlayerSummaries: 2 } },
      { day: '2026-03-11', calls: { GetPlayerSummaries: 1 } },
    ]);
  });

  it('polls on its interval, one at a time, and stop() waits for the running poll', async () => {
    const [user] = await addSteamUsers(1);
    play(1, 730);
    fake.delayMs = 150;
    const job = startSteamCollector({
      db,
      steam: { apiUrl: fake.url, apiKey: 'test-key', openIdUrl: '' },
      communityTimeZone: timeZone,
      log: recordingLogger(logged),
      ownedGamesCallsPerPoll: 0,
      intervalMs: 10,
    });
    await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThan(0));
    await job.stop();
    // The answer came after stop() was called; stop() waited for the poll to record it.
    expect(await sessionsOf(user as number)).toHaveLength(1);
    // Ticks during the slow answer were skipped, not queued.
    expect(fake.requests).toHaveLength(1);
  });

  function findState(userId: number) {
    return findSteamProfileState(db, userId);
  }
});
